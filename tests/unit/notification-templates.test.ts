import { describe, expect, it } from "vitest"
import { notificationTemplates, renderTemplate, templateIds, templateProblems } from "../../src/api/contract/notifications/notification-templates.ts"
import { defaultTemplates } from "../../server/services/notifications/template-defaults.ts"

describe("email templates (issue 23)", () => {
  it("fills placeholders, spaces inside the braces allowed, and leaves out a line of placeholders that came out empty", () => {
    expect(renderTemplate("Hello {{ name }},\n{{noteLine}}\nTopic: {{topic}}\n", { name: "Asha", noteLine: "", topic: "" })).toBe("Hello Asha,\nTopic: \n")
    expect(renderTemplate("{{a}} {{b}}\nend", { a: "", b: "" })).toBe("end")
    expect(renderTemplate("{{a}}\n\nend", { a: "x" })).toBe("x\n\nend")
    // A blank line the author wrote stays.
    expect(renderTemplate("a\n\nb", {})).toBe("a\n\nb")
  })

  it("finds what cannot be saved, in words an Admin can act on", () => {
    expect(templateProblems("ticket.answered", { subject: "Re {{ticketCode}}", body: "Hi {{name}}" })).toEqual({})
    expect(templateProblems("ticket.answered", { subject: "", body: "Hi {{rating}}" })).toEqual({
      subject: "Subject is required.",
      body: "{{rating}} is not a placeholder of this email. Use one of: {{name}}, {{raiserName}}, {{ticketCode}}, {{ticketType}}, {{query}}, {{ticketUrl}}.",
    })
    expect(templateProblems("ticket.feedbackGiven", { subject: "a", body: "{{rating}} }} x" }).body).toBe(
      "Body has a placeholder that is not closed: write it as {{name}}.",
    )
    expect(templateProblems("ticket.answered", { subject: "a", body: "x".repeat(5001) }).body).toBe("Body must be at most 5000 characters.")
  })

  it("has a default wording for every template that uses only its own placeholders", () => {
    for (const id of templateIds) {
      expect(templateProblems(id, defaultTemplates[id]), id).toEqual({})
      const used = [...`${defaultTemplates[id].subject}\n${defaultTemplates[id].body}`.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1])
      // The default shows the recipient's name or the record's own words: it is filled, not fixed text.
      expect(used.length, id).toBeGreaterThan(0)
      expect(
        used.every((name) => notificationTemplates[id].placeholders.some((p) => p.name === name)),
        id,
      ).toBe(true)
    }
  })
})
