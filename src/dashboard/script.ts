/**
 * The dashboard's script, plain browser JavaScript kept as text and inlined into the page (no
 * template literals inside: the text itself is one). It polls the control plane and renders
 * with textContent only, so nothing from a request can inject markup.
 */
export const DASHBOARD_SCRIPT = String.raw`
(function () {
  'use strict'
  const POLL_MS = 700
  const byId = (id) => document.querySelector('[data-testid="' + id + '"]')
  const errorBox = document.getElementById('error')
  const notice = byId('notice')
  const filters = { method: byId('filter-method'), path: byId('filter-path'), status: byId('filter-status') }
  let journalShown = ''
  // The error of the last action stays on screen until another action succeeds: the polling
  // refresh that follows every action must not wipe it before anyone can read it.
  let actionError = ''

  function el(tag, props, children) {
    const node = document.createElement(tag)
    for (const [name, value] of Object.entries(props || {})) {
      if (name === 'text') node.textContent = value
      else if (name === 'onclick') node.addEventListener('click', value)
      else node.setAttribute(name, value)
    }
    for (const child of children || []) node.append(child)
    return node
  }

  // Under --control-token the page is opened as /__mock/#token=T: the fragment never reaches a
  // server or a log, and every request of the page carries it as the header.
  const token = new URLSearchParams(location.hash.slice(1)).get('token')

  async function call(method, url, body) {
    const init = { method, headers: token ? { 'x-control-token': token } : {} }
    if (body !== undefined) {
      init.headers['content-type'] = 'application/json'
      init.body = JSON.stringify(body)
    }
    const response = await fetch(url, init)
    const text = await response.text()
    const value = text ? JSON.parse(text) : null
    if (!response.ok) throw new Error(method + ' ' + url + ': ' + response.status + ' ' + ((value && value.message) || ''))
    return value
  }

  function renderSummary(summary) {
    byId('scenario').textContent = summary.scenario
    byId('seed').textContent = summary.seed === null ? 'none' : String(summary.seed)
    byId('counts').replaceChildren(
      ...Object.entries(summary.counts).map(([name, count]) =>
        el('div', { class: 'count', 'data-testid': 'count-' + name }, [el('b', { text: String(count) }), name]),
      ),
    )
  }

  function renderCredentials(credentials) {
    const rows = []
    for (const workspace of credentials.workspaces) {
      rows.push(el('tr', {}, [el('td', { text: 'workspace ' + workspace.id }), el('td', { class: 'mono', text: workspace.appApiKey }), el('td')]))
      for (const site of credentials.sites.filter((s) => s.workspaceId === workspace.id)) {
        const publish = el('button', { 'data-testid': 'publish-' + site.id, text: 'Publish', onclick: () => act('POST', 'sites/' + encodeURIComponent(site.id) + '/publish', undefined, (r) => 'Published ' + r.published + ' pages of site ' + r.siteId) })
        const label = el('td', {}, ['\u2003', el('b', { text: site.name }), ' ', el('span', { class: 'muted', text: site.id })])
        rows.push(el('tr', { 'data-testid': 'site-row' }, [label, el('td', { class: 'mono', text: site.publicApiKey }), el('td', {}, [publish])]))
      }
    }
    byId('credentials').replaceChildren(...rows)
  }

  function renderFaults(list) {
    byId('faults').replaceChildren(
      ...list.faults.map((fault) => {
        const latency = fault.latencyMs ? fault.latencyMs[0] + '\u2013' + fault.latencyMs[1] + ' ms' : ''
        const answer = fault.drop ? 'drop: ' + fault.drop : fault.status === null ? '' : 'status ' + fault.status
        const remove = el('button', { text: 'Remove', onclick: () => act('DELETE', 'faults/' + fault.id) })
        return el('tr', { 'data-testid': 'fault-row' }, [
          el('td', { text: String(fault.id) }), el('td', { text: fault.route || 'all routes' }), el('td', { text: latency }),
          el('td', { text: fault.errorRate ? String(fault.errorRate) : '' }), el('td', { text: answer }), el('td', {}, [remove]),
        ])
      }),
    )
  }

  function bodyBlock(label, body) {
    if (!body) return el('div', { class: 'muted', text: label + ': none' })
    return el('div', {}, [label + (body.truncated ? ' (truncated)' : ''), el('pre', { text: body.text })])
  }

  function renderJournal(page) {
    const shown = JSON.stringify([page.recorded, page.entries.length && page.entries[0].seq, journalQuery()])
    if (shown === journalShown) return
    journalShown = shown
    byId('journal-count').textContent = page.recorded + ' journaled, the last ' + page.size + ' kept'
    byId('journal').replaceChildren(
      ...page.entries.map((entry) => {
        const status = entry.status === null ? 'dropped' : String(entry.status)
        const key = entry.key.kind === 'none' ? 'none' : entry.key.kind + ' ' + (entry.key.hint || '')
        const path = entry.path + (entry.query ? '?' + entry.query : '')
        const details = el('details', {}, [el('summary', { text: entry.fault ? 'bodies \u00b7 ' + entry.fault : 'bodies' }), bodyBlock('request', entry.requestBody), bodyBlock('response', entry.responseBody)])
        return el('tr', { 'data-testid': 'journal-row' }, [
          el('td', { class: 'mono nowrap', text: entry.at.slice(11, 23) }), el('td', { text: entry.method }), el('td', { class: 'mono', text: path }),
          el('td', { class: 's' + (entry.status === null ? 'dropped' : status[0]), 'data-testid': 'journal-status', text: status }),
          el('td', { text: String(entry.durationMs) }), el('td', { class: 'mono nowrap', text: key }), el('td', {}, [details]),
        ])
      }),
    )
  }

  function journalQuery() {
    const params = new URLSearchParams({ limit: '100' })
    for (const [name, input] of Object.entries(filters)) if (input.value.trim()) params.set(name, input.value.trim())
    return params.toString()
  }

  let refreshing = false
  async function refresh() {
    if (refreshing) return
    refreshing = true
    try {
      const [summary, credentials, faults, journal] = await Promise.all([
        call('GET', 'summary'), call('GET', 'credentials'), call('GET', 'faults'), call('GET', 'requests?' + journalQuery()),
      ])
      renderSummary(summary)
      renderCredentials(credentials)
      renderFaults(faults)
      renderJournal(journal)
      errorBox.textContent = actionError
    } catch (error) {
      errorBox.textContent = error.message
    } finally {
      refreshing = false
    }
  }

  /** Runs an action, shows what it did (or its error), and refreshes; resolves to whether it worked. */
  async function act(method, url, body, describe) {
    let done = false
    try {
      const result = await call(method, url, body)
      notice.textContent = describe ? describe(result) : ''
      actionError = ''
      done = true
    } catch (error) {
      notice.textContent = ''
      actionError = error.message
    }
    errorBox.textContent = actionError
    await refresh()
    return done
  }

  function faultFromForm(form) {
    const data = new FormData(form)
    const fault = {}
    const text = (name) => String(data.get(name) || '').trim()
    if (text('route')) fault.route = text('route')
    if (text('status')) fault.status = Number(text('status'))
    if (text('errorRate')) fault.errorRate = Number(text('errorRate'))
    if (text('drop')) fault.drop = text('drop')
    const latency = text('latencyMs').split('-').map((part) => Number(part.trim()))
    if (text('latencyMs')) fault.latencyMs = latency.length === 2 ? latency : latency[0]
    return fault
  }

  // The data browser's script (data-browser-panel.ts) calls the control plane the same way.
  window.sitemockDashboard = { call: call, el: el }

  byId('reset').addEventListener('click', () => act('POST', 'reset', undefined, () => 'Back to the start: scenario, journal, faults and overrides'))
  byId('clear-faults').addEventListener('click', () => act('DELETE', 'faults'))
  byId('clear-journal').addEventListener('click', () => act('DELETE', 'requests'))
  byId('fault-form').addEventListener('submit', (event) => {
    event.preventDefault()
    act('POST', 'faults', faultFromForm(event.target)).then((added) => added && event.target.reset())
  })
  for (const input of Object.values(filters)) input.addEventListener('input', refresh)
  refresh()
  setInterval(refresh, POLL_MS)
})()
`
