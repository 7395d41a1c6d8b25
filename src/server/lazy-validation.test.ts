import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { lazyValidators } from './lazy-validation.ts';

/** The server's Ajv options (http.ts), with Fastify's own compiler or with the lazy one. */
const app = (lazy: boolean): FastifyInstance => {
  const made = Fastify({
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, validateSchema: false } },
    ...(lazy ? { schemaController: { compilersFactory: { buildValidator: lazyValidators() } } } : {}),
  });
  made.post(
    '/seat/:n',
    {
      schema: {
        params: { type: 'object', properties: { n: { type: 'string', pattern: '^[0-9]$' } }, required: ['n'] },
        querystring: { type: 'object', properties: { as: { type: 'string', default: 'player' } } },
        body: {
          type: 'object',
          properties: { seat: { type: 'integer', minimum: 0 }, name: { type: 'string', maxLength: 5 } },
          required: ['seat'],
          additionalProperties: false,
        },
      },
    },
    async (request) => ({ params: request.params, query: request.query, body: request.body }),
  );
  return made;
};

const eager = app(false);
const lazy = app(true);
afterAll(() => Promise.all([eager.close(), lazy.close()]));

describe('validators compiled when their route is first asked', () => {
  it('answer every request as Fastify’s own: the same statuses, messages and defaults', async () => {
    const asks = [
      { url: '/seat/1', payload: { seat: 1 } },
      { url: '/seat/1?as=watcher', payload: { seat: 0, name: 'ann' } },
      { url: '/seat/1', payload: { seat: '1' } },
      { url: '/seat/1', payload: { seat: -1 } },
      { url: '/seat/1', payload: { seat: 1, extra: true } },
      { url: '/seat/1', payload: { name: 'toolongname' } },
      { url: '/seat/x', payload: { seat: 1 } },
      { url: '/seat/1', payload: null },
    ];
    for (const ask of asks) {
      const [a, b] = await Promise.all(
        [eager, lazy].map((server) =>
          server.inject({ method: 'POST', url: ask.url, ...(ask.payload === null ? {} : { payload: ask.payload }) }),
        ),
      );
      expect({ status: b?.statusCode, body: b?.json() }, ask.url).toEqual({ status: a?.statusCode, body: a?.json() });
    }
    // Some of each: the routes accepted and refused.
    expect((await lazy.inject({ method: 'POST', url: '/seat/1', payload: { seat: 1 } })).json()).toMatchObject({ query: { as: 'player' } });
    expect((await lazy.inject({ method: 'POST', url: '/seat/1', payload: { seat: '1' } })).statusCode).toBe(400);
  });

  it('refuse a headers schema, which Fastify lower-cases for its own compiler only', async () => {
    const server = Fastify({ schemaController: { compilersFactory: { buildValidator: lazyValidators() } } });
    server.get('/h', { schema: { headers: { type: 'object', properties: { 'X-A': { type: 'string' } } } } }, async () => 'ok');
    await expect(server.ready()).rejects.toThrow(/headers schemas are not compiled lazily/);
  });
});
