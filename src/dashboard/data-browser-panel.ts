/**
 * The dashboard's data browser: sites, then a site's pages, locales or routes a page of rows at a
 * time (GET /__mock/data/...), any record as JSON, and a delete per record. It asks only for the
 * rows it shows, so a site with 100,000 pages costs one small request per page of rows. Plain
 * browser JavaScript kept as text (no template literals inside), rendering with textContent only.
 */
export const DATA_BROWSER_SECTION = `<section data-testid="data-browser">
  <h2>Data</h2>
  <div class="filters">
    <input data-testid="data-site-search" placeholder="search sites by name" size="30">
    <span class="muted" data-testid="data-site-range"></span>
    <button data-testid="data-site-prev">Previous</button><button data-testid="data-site-next">Next</button>
    <span class="error" data-testid="data-error" role="alert"></span>
  </div>
  <table><thead><tr><th>site</th><th>id</th><th>key and contents</th><th></th></tr></thead>
  <tbody data-testid="data-sites"></tbody></table>
  <div data-testid="data-site-panel" hidden>
    <h2>Site <span data-testid="data-site-name"></span></h2>
    <div class="filters">
      <button data-testid="data-tab-pages">Pages</button><button data-testid="data-tab-locales">Locales</button><button data-testid="data-tab-routes">Routes</button>
      <input data-testid="data-search" placeholder="search by name or pathname" size="30">
      <span class="muted" data-testid="data-range"></span>
      <button data-testid="data-prev">Previous</button><button data-testid="data-next">Next</button>
    </div>
    <table><thead><tr><th>name</th><th>pathname</th><th>details</th><th></th></tr></thead>
    <tbody data-testid="data-rows"></tbody></table>
  </div>
  <div data-testid="data-record-panel" hidden>
    <h2><span data-testid="data-record-title"></span> <button data-testid="data-record-close">Close</button></h2>
    <pre class="record" data-testid="data-record"></pre>
  </div>
</section>`

export const DATA_BROWSER_SCRIPT = String.raw`
(function () {
  'use strict'
  const { call, el } = window.sitemockDashboard
  const byId = (id) => document.querySelector('[data-testid="' + id + '"]')
  const SITE_ROWS = 10
  const ROWS = 25
  const state = { siteSearch: '', siteOffset: 0, site: null, kind: 'pages', search: '', offset: 0 }
  const shown = { sites: '', rows: '' }
  const errorBox = byId('data-error')

  function query(search, offset, limit) {
    const params = new URLSearchParams({ offset: String(offset), limit: String(limit) })
    if (search) params.set('search', search)
    return params.toString()
  }
  const range = (list) => list.total === 0 ? 'none' : (list.offset + 1) + '\u2013' + (list.offset + list.items.length) + ' of ' + list.total.toLocaleString('en-US')
  const singular = (kind) => kind.replace(/s$/, '')

  function pager(prefix, list, limit, move) {
    byId(prefix + 'range').textContent = range(list)
    byId(prefix + 'prev').disabled = list.offset === 0
    byId(prefix + 'next').disabled = list.offset + list.items.length >= list.total
    byId(prefix + 'prev').onclick = () => move(Math.max(0, list.offset - limit))
    byId(prefix + 'next').onclick = () => move(list.offset + limit)
  }

  function recordButtons(kind, row, label) {
    return el('td', {}, [
      el('button', { 'data-testid': 'data-open', text: 'JSON', onclick: () => openRecord(kind, row.id) }),
      ' ',
      el('button', { 'data-testid': 'data-delete', text: 'Delete', onclick: () => deleteRecord(kind, row.id, label) }),
    ])
  }

  async function loadSites() {
    const list = await call('GET', 'data/sites?' + query(state.siteSearch, state.siteOffset, SITE_ROWS))
    const text = JSON.stringify(list)
    if (text === shown.sites) return
    shown.sites = text
    pager('data-site-', list, SITE_ROWS, (offset) => { state.siteOffset = offset; reload() })
    byId('data-sites').replaceChildren(...list.items.map((row) => {
      const browse = el('button', { 'data-testid': 'data-browse', text: 'Browse', onclick: () => selectSite(row) })
      const buttons = recordButtons('sites', row, 'site ' + row.name)
      buttons.prepend(browse, ' ')
      return el('tr', { 'data-testid': 'data-site-row' }, [el('td', {}, [el('b', { text: row.name })]), el('td', { class: 'mono', text: row.id }), el('td', { class: 'mono', text: row.summary }), buttons])
    }))
  }

  async function loadRows() {
    byId('data-site-panel').hidden = !state.site
    if (!state.site) return
    let list
    try {
      list = await call('GET', 'data/sites/' + encodeURIComponent(state.site.id) + '/' + state.kind + '?' + query(state.search, state.offset, ROWS))
    } catch (error) {
      // The site is gone (deleted here or through the API): back to the list of sites.
      state.site = null
      byId('data-site-panel').hidden = true
      throw error
    }
    const text = JSON.stringify([state.kind, list])
    if (text === shown.rows) return
    shown.rows = text
    byId('data-site-name').textContent = state.site.name
    for (const kind of ['pages', 'locales', 'routes']) byId('data-tab-' + kind).className = kind === state.kind ? 'primary' : ''
    pager('data-', list, ROWS, (offset) => { state.offset = offset; reload() })
    byId('data-rows').replaceChildren(...list.items.map((row) =>
      el('tr', { 'data-testid': 'data-row' }, [
        el('td', { text: row.name }), el('td', { class: 'mono', text: row.pathname || '' }), el('td', { class: 'muted', text: row.summary }),
        recordButtons(list.kind, row, singular(list.kind) + ' ' + (row.pathname || row.name)),
      ]),
    ))
  }

  function selectSite(row) {
    state.site = { id: row.id, name: row.name }
    state.offset = 0
    reload()
  }

  async function openRecord(kind, id) {
    await guard(async () => {
      const record = await call('GET', 'data/records/' + kind + '/' + encodeURIComponent(id))
      byId('data-record-title').textContent = singular(kind) + ' ' + id
      byId('data-record').textContent = JSON.stringify(record, null, 2)
      byId('data-record-panel').hidden = false
    })
  }

  async function deleteRecord(kind, id, label) {
    if (!confirm('Delete ' + label + '? This runs the API\'s delete.')) return
    await guard(async () => {
      await call('DELETE', 'data/records/' + kind + '/' + encodeURIComponent(id))
      byId('notice').textContent = 'Deleted ' + label
      if (kind === 'sites' && state.site && state.site.id === id) state.site = null
    })
    await reload()
  }

  // An action's error (a refused delete) stays in view until the next action; a failed poll's
  // error only until a poll succeeds.
  let errorOf = null
  function showError(source, error) {
    errorOf = source
    errorBox.textContent = error.message
  }
  function clearError(source) {
    if (source === 'poll' && errorOf === 'action') return
    errorOf = null
    errorBox.textContent = ''
  }

  async function guard(step) {
    try {
      await step()
      clearError('action')
    } catch (error) {
      showError('action', error)
    }
  }

  let loading = false
  async function reload() {
    if (loading) return
    loading = true
    try {
      await loadSites()
      await loadRows()
      clearError('poll')
    } catch (error) {
      if (errorOf !== 'action') showError('poll', error)
    } finally {
      loading = false
    }
  }

  function onSearch(input, apply) {
    let timer
    input.addEventListener('input', () => {
      clearTimeout(timer)
      timer = setTimeout(() => { apply(input.value.trim()); reload() }, 150)
    })
  }
  onSearch(byId('data-site-search'), (value) => { state.siteSearch = value; state.siteOffset = 0 })
  onSearch(byId('data-search'), (value) => { state.search = value; state.offset = 0 })
  for (const kind of ['pages', 'locales', 'routes']) {
    byId('data-tab-' + kind).addEventListener('click', () => { state.kind = kind; state.offset = 0; reload() })
  }
  byId('data-record-close').addEventListener('click', () => { byId('data-record-panel').hidden = true })
  reload()
  setInterval(reload, 1500)
})()
`
