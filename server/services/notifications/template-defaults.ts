import type { TemplateId } from "../../../src/api/contract/notifications/notification-templates.ts"

/** What the mail says of its calendar file: an invitation (booked, moved), a cancellation, or none attached. */
type Calendar = "invite" | "cancel" | "none"
const calendarLine: Record<Calendar, string[]> = {
  invite: ["The attached calendar invitation adds the session to your calendar in your own time zone.", ""],
  cancel: ["The attached calendar file removes the event from your calendar.", ""],
  none: [],
}

const sessionBody = (opening: string, calendar: Calendar) =>
  [
    "Hello {{name}},",
    "",
    opening,
    "",
    "Topic: {{topic}}",
    "Agenda: {{agenda}}",
    "When: {{when}} ({{duration}} minutes)",
    ...(calendar === "cancel" ? [] : ["{{meetingLine}}"]),
    "{{noteLine}}",
    "{{reasonLine}}",
    ...(calendar === "cancel" ? [] : ["Your sessions: {{sessionsUrl}}"]),
    "",
    ...calendarLine[calendar],
  ].join("\n")

const ticketBody = (opening: string, feedback = false) =>
  [
    "Hello {{name}},",
    "",
    opening,
    "",
    "Ticket: {{ticketCode}} ({{ticketType}})",
    "Query: {{query}}",
    ...(feedback ? ["Rating: {{rating}} of 5", "{{remarkLine}}"] : []),
    "",
    "Open the ticket: {{ticketUrl}}",
    "",
  ].join("\n")

const invite = (why: string) =>
  `Hello {{name}},\n\n${why}\n\nChoose your password with this link (valid for 1 hour, usable once):\n{{setPasswordUrl}}\n\nThen sign in at {{loginUrl}} with this email address.\n`

/** The built-in wording of every email; an Admin's own wording (notification_templates) replaces it until reset. */
export const defaultTemplates: Record<TemplateId, { subject: string; body: string }> = {
  "vendor.statusChanged": {
    subject: "Your partner account: {{statusTitle}}",
    body: "Hello {{name}},\n\n{{statusMessage}}\n\nYour profile: {{profileUrl}}\n\nThe Console team\n",
  },
  "session.booked": { subject: "Counselling session booked: {{topic}}", body: sessionBody("Your 1:1 counselling session with {{with}} is booked.", "invite") },
  "session.changed": {
    subject: "Counselling session changed: {{topic}}",
    body: sessionBody("Your 1:1 counselling session with {{with}} has changed. The details below replace the earlier ones.", "invite"),
  },
  "session.cancelled": {
    subject: "Counselling session cancelled: {{topic}}",
    body: sessionBody("Your 1:1 counselling session with {{with}} has been cancelled.", "cancel"),
  },
  "session.rescheduled": {
    subject: "Counselling session moved: {{topic}}",
    body: sessionBody(
      "{{actor}} moved your 1:1 counselling session with {{with}} from {{previousWhen}} to {{when}}. The details below replace the earlier ones.",
      "invite",
    ),
  },
  "session.rescheduleRequested": {
    subject: "A new time is asked for: {{topic}}",
    body: sessionBody(
      "{{actor}} asked to move the 1:1 counselling session with {{with}} to {{requestedWhen}}. The counsellor or an Admin will reschedule it; until then it stays as below.",
      "none",
    ),
  },
  "session.reminder24h": {
    subject: "Tomorrow: counselling session {{topic}}",
    body: sessionBody("A reminder: your 1:1 counselling session with {{with}} starts in 24 hours.", "none"),
  },
  "session.reminder1h": {
    subject: "In an hour: counselling session {{topic}}",
    body: sessionBody("A reminder: your 1:1 counselling session with {{with}} starts in an hour.", "none"),
  },
  "session.completed": {
    subject: "Counselling session completed: {{topic}}",
    body: "Hello {{name}},\n\nYour 1:1 counselling session with {{with}} on {{when}} is recorded as completed.\n\nTopic: {{topic}}\n\nYour sessions: {{sessionsUrl}}\n",
  },
  "session.noShow": {
    subject: "Counselling session missed: {{topic}}",
    body: "Hello {{name}},\n\nYour 1:1 counselling session with {{with}} on {{when}} is recorded as a no-show: the client did not join.\n\nTopic: {{topic}}\n\nYour sessions: {{sessionsUrl}}\n",
  },
  "access.sent": {
    subject: "Set your password",
    body: invite("You have been given access to the Console, where you can follow your 1:1 counselling sessions."),
  },
  "counsellor.assigned.toClient": {
    subject: "Your counsellor",
    body: "Hello {{name}},\n\n{{counsellorName}} ({{counsellorRole}}) is now your counsellor. Your sessions will be booked with them.\n\nYour sessions: {{sessionsUrl}}\n",
  },
  "counsellor.assigned.toCounsellor": {
    subject: "A new client",
    body: "Hello {{name}},\n\n{{clientName}} has been assigned to you for 1:1 counselling.\n\nYour sessions: {{sessionsUrl}}\n",
  },
  "ticket.raised": { subject: "New ticket: {{ticketCode}}", body: ticketBody("{{raiserName}} raised a ticket.") },
  "ticket.answered": { subject: "Your ticket has an answer: {{ticketCode}}", body: ticketBody("The support team answered your ticket.") },
  "ticket.closed": {
    subject: "Your ticket was closed: {{ticketCode}}",
    body: ticketBody("Your ticket was closed. You can rate the help you got on the ticket's page."),
  },
  "ticket.feedbackGiven": { subject: "Feedback on a ticket: {{ticketCode}}", body: ticketBody("{{raiserName}} rated the help on a closed ticket.", true) },
  "editor.invited": { subject: "Set your password", body: invite("An administrator has made you an editor of the website content in the Console.") },
  "password.resetRequested": {
    subject: "Reset your password",
    body: "Hello {{name}},\n\nSet a new password with this link (valid for 1 hour, usable once):\n{{resetUrl}}\n\nIf you did not ask for this, ignore this email.\n",
  },
  "password.changed": {
    subject: "Your password was changed",
    body:
      "Hello {{name}},\n\nThe password of your Console account was {{how}}, and every other device was signed out.\n\n" +
      "If this was not you, choose a new password now at {{loginUrl}} (Forgot password) and tell your administrator.\n",
  },
  "signIn.newDevice": {
    subject: "New sign-in to your Console account",
    body:
      "Hello {{name}},\n\nYour Console account was just signed in to from a browser or device it had not been used on before.\n\n" +
      "When: {{when}}\nDevice: {{device}}\nAddress: {{address}}\n\nIf this was you, there is nothing to do.\n" +
      "If it was not, choose a new password now at {{loginUrl}} (Forgot password): that signs out every other device.\n",
  },
  "partner.signedUp.received": {
    subject: "Your partner application is under review",
    body:
      "Hello {{name}},\n\nThank you for applying to join as a {{role}}. Your application is now Under Review; we will email you when it has been reviewed.\n\n" +
      "You can already sign in at {{loginUrl}} with {{email}} and the password you chose to see your profile: {{profileUrl}}\n",
  },
  "partner.signedUp.existing": {
    subject: "Someone applied as a partner with your email",
    body:
      "Hello {{name}},\n\nSomebody applied to join as a partner with this email address, which already has an account. Nothing was changed.\n\n" +
      "If it was you, sign in at {{loginUrl}}, or choose a new password at {{loginUrl}} (Forgot password).\n",
  },
  "partner.applied": {
    subject: "New partner application: {{applicantName}}",
    body: "Hello {{name}},\n\n{{applicantName}} ({{applicantEmail}}) applied to join as {{applicantRole}}. The application is under review.\n\nOpen it: {{link}}\n",
  },
  "profileChange.submitted": {
    subject: "Profile changes to review: {{vendorName}}",
    body: "Hello {{name}},\n\n{{vendorName}} ({{vendorEmail}}) asked to change: {{fieldsList}}. The approved values stay until the change is reviewed.\n\nReview it: {{link}}\n",
  },
  "profileChange.decided.approved": {
    subject: "Your profile changes were approved",
    body: "Hello {{name}},\n\nYour changes to {{fieldsList}} were approved and are now on your profile: {{profileUrl}}\n",
  },
  "profileChange.decided.rejected": {
    subject: "Your profile changes were not approved",
    body: "Hello {{name}},\n\nYour changes to {{fieldsList}} were not approved, so your profile keeps its approved values.\n\nReason: {{reason}}\n\nYou can change them again on your profile: {{profileUrl}}\n",
  },
  "enquiry.received.contact": {
    subject: "New enquiry from {{enquirerName}}",
    body: "Hello {{name}},\n\nA new enquiry came in through the contact form from {{from}}.\n{{messageLine}}\n\nOpen it: {{link}}\n",
  },
  "enquiry.received.counselling": {
    subject: "New counselling enquiry from {{enquirerName}}",
    body: "Hello {{name}},\n\n{{enquirerName}} ({{enquirerEmail}}) asked for 1:1 counselling through the website.\n\nOpen it: {{link}}\n",
  },
}
