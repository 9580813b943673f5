// Port of hono/validator + @hono/zod-validator: one middleware per target, run in the order
// listed on the route; the first failing target answers alone (through the hook).
import { HTTPException } from './hono.mjs';

const jsonRegex = /^application\/([a-z-.]+\+)?json(;\s*[a-zA-Z0-9-]+=([^;]+))*$/;

async function targetValue(c, target) {
  switch (target) {
    case 'json': {
      const ct = c.req.header('content-type');
      if (!ct || !jsonRegex.test(ct)) return {}; // Hono: a non-JSON media type validates as {}
      try {
        return await c.req.json();
      } catch {
        throw new HTTPException(400, { message: 'Malformed JSON in request body', field: 'body' });
      }
    }
    case 'query':
      return Object.fromEntries(Object.entries(c.req.queries()).map(([k, v]) => [k, v.length === 1 ? v[0] : v]));
    case 'param':
      return c.req.param();
    default:
      return {};
  }
}

export const zValidator = (target, schema, hook) => async (c, next) => {
  const value = await targetValue(c, target);
  const result = schema.safeParse(value);
  if (hook) {
    const res = await hook({ ...result, target, data: value }, c);
    if (res instanceof Response) return res;
  }
  if (!result.success) return c.json(result.error, 400);
  c.req.addValidatedData(target, result.data);
  await next();
};
