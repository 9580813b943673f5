/**
 * The API reference's script, plain browser JavaScript kept as text and inlined into the page
 * (no template literals inside: the text itself is one). It reads ../openapi.json, renders every
 * operation with its parameters, body and responses, and sends a request from the page ("Try
 * it") to the mock it came from. Everything is rendered with textContent: nothing in the
 * document or in an answer can inject markup.
 */
export const DOCS_SCRIPT = String.raw`
(function () {
  'use strict'
  const root = document.getElementById('reference')
  const status = document.querySelector('[data-testid="docs-status"]')
  // The page lives at <base>/__mock/docs: the API and its document are at <base>/.
  const base = new URL('../', location.href)
  const keyInput = document.querySelector('[data-testid="docs-key"]')
  keyInput.value = sessionStorage.getItem('sitemock-docs-key') || ''
  keyInput.addEventListener('input', () => sessionStorage.setItem('sitemock-docs-key', keyInput.value))

  function el(tag, props, children) {
    const node = document.createElement(tag)
    for (const [name, value] of Object.entries(props || {})) {
      if (name === 'text') node.textContent = value
      else if (name === 'onclick') node.addEventListener('click', value)
      else if (name === 'onsubmit') node.addEventListener('submit', value)
      else node.setAttribute(name, value)
    }
    for (const child of children || []) if (child !== null) node.append(child)
    return node
  }

  // A local $ref ("#/components/schemas/Page") names the component it points at.
  function resolve(doc, node) {
    if (!node || typeof node.$ref !== 'string') return node
    return node.$ref.slice(2).split('/').reduce((at, part) => (at ? at[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined), doc)
  }
  function refName(node) {
    return node && typeof node.$ref === 'string' ? node.$ref.split('/').pop() : undefined
  }

  // One line for a parameter's schema: its type and the rules a value must follow.
  function summarize(doc, schema) {
    const s = resolve(doc, schema) || {}
    const parts = []
    if (s.type) parts.push(Array.isArray(s.type) ? s.type.join(' | ') : s.type)
    if (s.format) parts.push('format ' + s.format)
    if (s.enum) parts.push('one of ' + s.enum.join(', '))
    if (s.pattern) parts.push('pattern ' + s.pattern)
    if (s.minimum !== undefined || s.maximum !== undefined) parts.push('from ' + (s.minimum ?? '…') + ' to ' + (s.maximum ?? '…'))
    if (s.minLength !== undefined || s.maxLength !== undefined) parts.push('length ' + (s.minLength ?? 0) + ' to ' + (s.maxLength ?? '…'))
    if (s.default !== undefined) parts.push('default ' + JSON.stringify(s.default))
    for (const key of ['anyOf', 'oneOf']) if (s[key]) parts.push(s[key].map((option) => summarize(doc, option)).join(' or '))
    return parts.join('; ') || 'any'
  }

  // A schema shown as indented JSON with its references named, opened one level at a time.
  function schemaView(doc, schema, label) {
    const name = refName(schema)
    const body = el('pre', { class: 'schema', text: JSON.stringify(resolve(doc, schema), null, 2) })
    return el('details', { class: 'schema-box' }, [el('summary', { text: label + (name ? ' (' + name + ')' : '') }), body])
  }

  function parameterTable(doc, parameters) {
    if (!parameters.length) return null
    const rows = parameters.map((p) =>
      el('tr', {}, [
        el('td', {}, [el('code', { text: p.name }), p.required ? el('span', { class: 'required', text: ' required' }) : null]),
        el('td', { text: p.in }),
        el('td', { class: 'mono', text: summarize(doc, p.schema) }),
        el('td', { text: p.description || '' }),
      ]),
    )
    return el('table', {}, [el('tr', {}, ['name', 'in', 'accepts', ''].map((h) => el('th', { text: h }))), ...rows])
  }

  function exampleBody(doc, operation) {
    const media = operation.requestBody && (resolve(doc, operation.requestBody).content || {})['application/json']
    if (!media) return undefined
    if (media.example !== undefined) return media.example
    const examples = Object.values(media.examples || {})
    return examples.length ? resolve(doc, examples[0]).value : {}
  }

  function tryIt(doc, method, path, parameters, operation) {
    const inputs = parameters.filter((p) => p.in === 'path' || p.in === 'query')
    const fields = inputs.map((p) => el('label', {}, [p.name + (p.in === 'path' ? ' (path)' : ''), el('input', { name: p.name, 'data-in': p.in })]))
    const example = exampleBody(doc, operation)
    const body = example === undefined ? null : el('textarea', { name: '__body', rows: '6', spellcheck: 'false' })
    if (body) body.value = JSON.stringify(example, null, 2)
    const result = el('pre', { class: 'result', 'data-testid': 'docs-result' })
    const form = el('form', {
      class: 'try',
      onsubmit: async (event) => {
        event.preventDefault()
        let target = path
        const query = new URLSearchParams()
        for (const input of form.querySelectorAll('input')) {
          if (input.value === '') continue
          if (input.dataset.in === 'path') target = target.replace('{' + input.name + '}', encodeURIComponent(input.value))
          else query.append(input.name, input.value)
        }
        const headers = keyInput.value ? { 'x-api-key': keyInput.value } : {}
        const init = { method: method.toUpperCase(), headers }
        if (body && body.value.trim() !== '') {
          headers['content-type'] = 'application/json'
          init.body = body.value
        }
        const search = query.toString()
        const url = new URL(target.replace(/^\//, '') + (search ? '?' + search : ''), base)
        result.textContent = init.method + ' ' + url.pathname + url.search + ' …'
        try {
          const response = await fetch(url, init)
          const text = await response.text()
          let shown = text
          try { shown = JSON.stringify(JSON.parse(text), null, 2) } catch (_) { /* not JSON: shown as is */ }
          result.textContent = response.status + ' ' + response.statusText + '\n\n' + shown
        } catch (error) {
          result.textContent = 'The request failed: ' + error.message
        }
      },
    }, [...fields, body, el('button', { type: 'submit', class: 'primary', text: 'Send' }), result])
    return el('details', { class: 'try-box' }, [el('summary', { text: 'Try it' }), form])
  }

  function operationView(doc, method, path, pathItem, operation) {
    const parameters = [...(pathItem.parameters || []), ...(operation.parameters || [])].map((p) => resolve(doc, p))
    const responses = Object.entries(operation.responses || {}).map(([code, response]) => {
      const r = resolve(doc, response)
      const media = (r.content || {})['application/json']
      return el('li', {}, [el('b', { class: 's' + code[0], text: code }), ' ' + (r.description || ''), media && media.schema ? schemaView(doc, media.schema, 'body') : null])
    })
    const requestBody = operation.requestBody && resolve(doc, operation.requestBody)
    const bodySchema = requestBody && ((requestBody.content || {})['application/json'] || {}).schema
    return el('details', { class: 'operation', 'data-testid': 'operation', id: operation.operationId || method + path }, [
      el('summary', {}, [el('span', { class: 'method m-' + method, text: method.toUpperCase() }), el('code', { text: path }), el('span', { class: 'muted', text: operation.summary || '' })]),
      operation.description ? el('p', { text: operation.description }) : null,
      parameterTable(doc, parameters),
      bodySchema ? schemaView(doc, bodySchema, 'Request body' + (requestBody.required ? ', required' : '')) : null,
      el('h4', { text: 'Responses' }),
      el('ul', { class: 'responses' }, responses),
      tryIt(doc, method, path, parameters, operation),
    ])
  }

  function render(doc) {
    const groups = new Map()
    for (const [path, pathItem] of Object.entries(doc.paths || {})) {
      for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
        const operation = pathItem[method]
        if (!operation) continue
        const tag = (operation.tags || ['other'])[0]
        if (!groups.has(tag)) groups.set(tag, [])
        groups.get(tag).push(operationView(doc, method, path, pathItem, operation))
      }
    }
    root.replaceChildren(
      el('h2', { text: doc.info.title + ' ' + doc.info.version }),
      doc.info.description ? el('p', { class: 'description', text: doc.info.description }) : null,
      ...[...groups].map(([tag, views]) => el('section', {}, [el('h3', { text: tag }), ...views])),
      el('section', {}, [el('h3', { text: 'Schemas' }), ...Object.keys((doc.components || {}).schemas || {}).map((name) => schemaView(doc, { $ref: '#/components/schemas/' + name }, name))]),
    )
    status.textContent = ''
  }

  fetch(new URL('openapi.json', base))
    .then((response) => {
      if (!response.ok) throw new Error('GET /openapi.json answered ' + response.status)
      return response.json()
    })
    .then(render, (error) => {
      status.textContent = 'Could not load the document: ' + error.message
    })
})()
`
