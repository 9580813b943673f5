// rest_framework.renderers.JSONRenderer (compact, ensure_ascii=False, floats as Python writes them)
import { PyFloat } from './serializers.mjs';
import { pyStr, PyNumber } from './pyjson.mjs';

function enc(v, indent, level) {
  if (v === null || v === undefined) return 'null';
  if (v === true) return 'true';
  if (v === false) return 'false';
  if (v instanceof PyFloat) return pyStr(new PyNumber(String(v.value), false));
  if (typeof v === 'number') return String(v);
  if (typeof v === 'string') return JSON.stringify(v);
  const pad = indent ? '\n' + ' '.repeat(indent * (level + 1)) : '';
  const end = indent ? '\n' + ' '.repeat(indent * level) : '';
  if (Array.isArray(v)) {
    if (!v.length) return '[]';
    return '[' + v.map((x) => pad + enc(x, indent, level + 1)).join(',') + end + ']';
  }
  const keys = Object.keys(v);
  if (!keys.length) return '{}';
  const sep = indent ? ': ' : ':';
  return '{' + keys.map((k) => pad + JSON.stringify(k) + sep + enc(v[k], indent, level + 1)).join(',') + end + '}';
}
export const renderJson = (v, indent = 0) => enc(v, indent, 0);
