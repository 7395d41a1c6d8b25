import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';

/** The web server: the built app as static files (online play extends it in a later issue). */
export async function createHttpServer(staticDir: string): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  await app.register(fastifyStatic, { root: staticDir });
  app.get('/healthz', async () => ({ ok: true }));
  return app;
}
