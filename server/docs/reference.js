// Renders /api/docs/openapi.json as a readable reference. Served as a file of its own because the
// server's CSP allows no inline script; builds every node with textContent (never innerHTML).

const METHODS = ["get", "post", "put", "patch", "delete"]

/** Creates an element with attributes and children (strings become text nodes). */
function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag)
  for (const [key, value] of Object.entries(attributes)) {
    if (value !== undefined && value !== null) node.setAttribute(key, String(value))
  }
  for (const child of children.flat(Infinity)) {
    if (child !== undefined && child !== null && child !== false) node.append(typeof child === "string" ? document.createTextNode(child) : child)
  }
  return node
}

function accessBadge(access) {
  if (access === "public") return el("span", { class: "access access-public" }, "Public")
  if (access === "signedIn") return el("span", { class: "access access-signedIn" }, "Signed in (any role)")
  return el("span", { class: "access access-roles" }, `Roles: ${access.join(", ")}`)
}

function resolve(schema, components) {
  let current = schema
  for (let depth = 0; current && current.$ref && depth < 20; depth++) {
    const name = decodeURIComponent(current.$ref.split("/").pop())
    current = components[name]
  }
  return current ?? {}
}

function typeLabel(schema, components) {
  const s = resolve(schema, components)
  if (s.enum) return `one of: ${s.enum.map((v) => JSON.stringify(v)).join(", ")}`
  if (s.const !== undefined) return JSON.stringify(s.const)
  const alternatives = s.anyOf ?? s.oneOf
  if (alternatives) return [...new Set(alternatives.map((a) => typeLabel(a, components)))].join(" | ")
  if (s.type === "array") return `array of ${typeLabel(s.items ?? {}, components)}`
  if (Array.isArray(s.type)) return s.type.join(" | ")
  if (s.type === "string" && s.format) return `string (${s.format})`
  return s.type ?? "any"
}

function rules(schema, components) {
  const s = resolve(schema, components)
  const out = []
  if (s.minLength !== undefined) out.push(`min length ${s.minLength}`)
  if (s.maxLength !== undefined) out.push(`max length ${s.maxLength}`)
  if (s.minimum !== undefined) out.push(`≥ ${s.minimum}`)
  if (s.maximum !== undefined) out.push(`≤ ${s.maximum}`)
  if (s.pattern) out.push(`pattern ${s.pattern}`)
  if (s.minItems !== undefined) out.push(`at least ${s.minItems} items`)
  if (s.description) out.push(s.description)
  return out.join("; ")
}

/** The object (if any) a schema describes, looking through refs, nullable unions and arrays. */
function objectOf(schema, components) {
  const s = resolve(schema, components)
  if (s.type === "object" && s.properties) return s
  if (s.type === "array" && s.items) return objectOf(s.items, components)
  for (const alternative of s.anyOf ?? s.oneOf ?? []) {
    const found = objectOf(alternative, components)
    if (found) return found
  }
  return undefined
}

function schemaTree(schema, components, depth = 0) {
  const object = objectOf(schema, components)
  if (!object) return el("p", {}, el("span", { class: "type" }, typeLabel(schema, components)), el("span", { class: "rule" }, rules(schema, components)))
  const required = new Set(object.required ?? [])
  const items = Object.entries(object.properties).map(([name, property]) =>
    el(
      "li",
      {},
      el("span", { class: "prop" }, name),
      " ",
      el("span", { class: "type" }, typeLabel(property, components)),
      required.has(name) ? el("span", { class: "req" }, "required") : el("span", { class: "rule" }, "optional"),
      rules(property, components) ? el("span", { class: "rule" }, `(${rules(property, components)})`) : null,
      depth < 6 && objectOf(property, components) ? schemaTree(property, components, depth + 1) : null,
    ),
  )
  return el("ul", { class: depth === 0 ? "schema root" : "schema" }, items)
}

function parametersTable(parameters, components) {
  if (!parameters?.length) return null
  const rows = parameters.map((p) =>
    el(
      "tr",
      {},
      el("td", {}, el("code", {}, p.name)),
      el("td", {}, p.in),
      el("td", {}, typeLabel(p.schema ?? {}, components)),
      el("td", {}, p.required ? "required" : "optional"),
    ),
  )
  return [
    el("h4", {}, "Parameters"),
    el(
      "table",
      {},
      el("thead", {}, el("tr", {}, el("th", {}, "Name"), el("th", {}, "In"), el("th", {}, "Type"), el("th", {}, "Required"))),
      el("tbody", {}, rows),
    ),
  ]
}

function requestBodySection(body, components) {
  if (!body) return null
  return Object.entries(body.content).map(([type, media]) => [
    el("h4", {}, "Request body ", el("code", {}, type)),
    body.description ? el("p", {}, body.description) : null,
    schemaTree(media.schema ?? {}, components),
  ])
}

function responsesSection(responses, components) {
  return [
    el("h4", {}, "Responses"),
    Object.entries(responses).map(([status, response]) => {
      const schema = response.content?.["application/json"]?.schema
      return el(
        "div",
        { class: "response" },
        el("p", {}, el("span", { class: "status" }, status), response.description),
        status === "200" && schema ? schemaTree(schema, components) : null,
      )
    }),
  ]
}

function operationCard(path, method, op, components) {
  const id = `op-${op.operationId}`
  const card = el(
    "section",
    { class: "op", id, "aria-labelledby": `${id}-title`, "data-search": `${method} ${path} ${op.summary} ${op.description} ${op.operationId}`.toLowerCase() },
    el(
      "h3",
      { id: `${id}-title` },
      el("span", { class: `method method-${method}` }, method.toUpperCase()),
      el("span", { class: "path" }, path),
      accessBadge(op["x-access"]),
    ),
    el("p", { class: "summary" }, op.summary),
    el("p", { class: "rule" }, `${op.description} Operation id: ${op.operationId}.`),
    parametersTable(op.parameters, components),
    requestBodySection(op.requestBody, components),
    responsesSection(op.responses, components),
  )
  return card
}

function render(doc) {
  const components = doc.components?.schemas ?? {}
  // `text` in descriptions becomes code, as in Markdown; nothing else is interpreted.
  const parts = (doc.info?.description ?? "").split("`").map((part, i) => (i % 2 === 1 ? el("code", {}, part) : part))
  document.getElementById("intro").replaceChildren(...parts.map((p) => (typeof p === "string" ? document.createTextNode(p) : p)))
  document.getElementById("base-url").textContent = doc.servers?.[0]?.url ?? "/"
  const main = document.getElementById("operations")
  const toc = document.getElementById("toc")
  main.replaceChildren()
  toc.replaceChildren()
  const byTag = new Map()
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method]
      if (!op) continue
      const tag = op.tags?.[0] ?? "other"
      if (!byTag.has(tag)) byTag.set(tag, [])
      byTag.get(tag).push({ path, method, op })
    }
  }
  for (const [tag, ops] of [...byTag].sort(([a], [b]) => a.localeCompare(b))) {
    main.append(el("h2", { class: "tag-title", id: `tag-${tag}` }, tag))
    toc.append(el("h2", {}, tag))
    const list = el("ul")
    for (const { path, method, op } of ops) {
      main.append(operationCard(path, method, op, components))
      list.append(
        el(
          "li",
          { "data-for": `op-${op.operationId}` },
          el(
            "a",
            { href: `#op-${op.operationId}` },
            el("span", { class: `method method-${method}` }, method.toUpperCase()),
            el("span", { class: "path" }, path),
          ),
        ),
      )
    }
    toc.append(list)
  }
}

function applyFilter(text) {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean)
  for (const card of document.querySelectorAll(".op")) {
    const shown = words.every((w) => card.dataset.search.includes(w))
    card.classList.toggle("hidden", !shown)
    document.querySelector(`[data-for="${card.id}"]`)?.classList.toggle("hidden", !shown)
  }
}

async function start() {
  try {
    const response = await fetch("/api/docs/openapi.json")
    if (!response.ok) throw new Error(`HTTP ${response.status}`)
    render(await response.json())
    document.getElementById("filter").addEventListener("input", (event) => applyFilter(event.target.value))
  } catch (error) {
    document.getElementById("intro").textContent = `The OpenAPI document could not be loaded: ${error.message}`
  }
}

void start()
