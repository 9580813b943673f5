// Express 5's default "simple" query parser: node:querystring (repeated keys become arrays,
// '+' is a space, malformed escapes stay literal, at most 1000 keys).
import qs from 'node:querystring';
export function querystring(search) {
  const parsed = qs.parse(search, '&', '=', { maxKeys: 1000 });
  return Object.assign({}, parsed);
}
