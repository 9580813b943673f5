// HTTP plumbing: System.Text.Json-style output, error envelope, body reading.
export class HttpError extends Error {
  constructor(status, code, message, details, headers) {
    super(message);
    this.status = status; this.code = code; this.details = details; this.headers = headers;
  }
}
export const badRequest = (details, message = 'One or more validation errors occurred.') =>
  new HttpError(400, 'bad_request', message, details);
export const notFound = (message) => new HttpError(404, 'not_found', message);
export const forbidden = (message = 'The API key does not grant access to this resource.') =>
  new HttpError(403, 'forbidden', message);
export const conflict = (message) => new HttpError(409, 'conflict', message);

// System.Text.Json's default JavaScriptEncoder escapes HTML-sensitive and non-ASCII
// characters as \uXXXX (upper-case hex) and writes the double quote as \u0022.
const ESC = /\\.|[<>&'+`\u007f-\uffff]/g;
function stjEscape(s) {
  return s.replace(ESC, (m) => {
    if (m.length === 2) return m === '\\"' ? '\\u0022' : m;
    return '\\u' + m.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
  });
}

export function sendJson(res, status, obj, headers) {
  const body = Buffer.from(stjEscape(JSON.stringify(obj)), 'utf8');
  const h = { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length, ...(headers || {}) };
  res.writeHead(status, h);
  res.end(body);
}
export function sendNoContent(res) {
  res.writeHead(204);
  res.end();
}
export function sendError(res, err) {
  const env = { object: 'error', code: err.code, message: err.message };
  if (err.details) env.details = err.details;
  sendJson(res, err.status, env, err.headers);
}

export const MAX_BODY = 1024 * 1024; // 1 MiB
// Reads the whole body; past MAX_BODY it keeps draining but drops the bytes.
export function readBody(req) {
  return new Promise((resolve) => {
    const chunks = []; let size = 0; let tooLarge = false; let done = false;
    const finish = () => { if (done) return; done = true; resolve({ buf: tooLarge ? null : Buffer.concat(chunks), size, tooLarge }); };
    req.on('data', (c) => { size += c.length; if (size > MAX_BODY) { tooLarge = true; chunks.length = 0; } else chunks.push(c); });
    req.on('end', finish);
    req.on('error', finish);
    req.on('close', finish);
  });
}
