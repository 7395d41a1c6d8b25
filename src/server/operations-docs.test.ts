import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { freePort, request, startServer } from './online.testing.ts';

/**
 * docs/operations.md's configurations, checked by the programs that read them: nginx (`nginx -t`,
 * then nginx itself before a running hexarena), Caddy (`caddy validate`), systemd (`systemd-analyze
 * verify`). Each check is shown to fail on a broken copy first, so a pass means something.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const GUIDE = readFileSync(path.join(ROOT, 'docs/operations.md'), 'utf8');
const DOMAIN = 'hexarena.example.org';

/** The `n`th fenced block of `language` in the guide. */
function block(language: string, n = 0): string {
  const found = [...GUIDE.matchAll(/```(\w+)\n([\s\S]*?)```/g)].filter((m) => m[1] === language);
  const text = found[n]?.[2];
  if (text === undefined) throw new Error(`docs/operations.md has no ${language} block number ${n + 1}`);
  return text;
}

function run(command: string, args: readonly string[], env: Record<string, string> = {}): { code: number; output: string } {
  const r = spawnSync(command, args, { encoding: 'utf8', env: { ...process.env, ...env } });
  return { code: r.status ?? -1, output: `${r.stdout}${r.stderr}` };
}

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'hexarena-ops-docs-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the systemd units', () => {
  it('pass systemd-analyze verify', () => {
    const units = {
      'hexarena.service': block('ini', 0),
      'hexarena-backup.service': block('ini', 1),
      'hexarena-backup.timer': block('ini', 2),
    };
    const files = Object.entries(units).map(([name, text]) => {
      writeFileSync(path.join(dir, name), text);
      return path.join(dir, name);
    });
    // A mistake is reported (systemd goes on without the line, so the exit code may still be 0).
    writeFileSync(path.join(dir, 'broken.service'), units['hexarena.service'].replace('Restart=on-failure', 'Restart=sometimes'));
    expect(run('systemd-analyze', ['verify', path.join(dir, 'broken.service')]).output).toContain(
      'Failed to parse service restart specifier',
    );
    const verified = run('systemd-analyze', ['verify', ...files]);
    expect(verified.output).toBe('');
    expect(verified.code).toBe(0);
    // The unit runs the command this checkout has, with flags it takes.
    expect(units['hexarena.service']).toMatch(
      /ExecStart=\/usr\/bin\/node \/opt\/hexarena\/bin\/hexarena\.js serve --host 127\.0\.0\.1 --port 8080 --data /,
    );
  });
});

describe('the Caddyfile', () => {
  it('passes caddy validate', () => {
    const env = { HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir };
    writeFileSync(path.join(dir, 'Broken'), block('caddyfile').replace('reverse_proxy', 'reverse_proxi'));
    expect(run('caddy', ['validate', '--config', path.join(dir, 'Broken'), '--adapter', 'caddyfile'], env).code).not.toBe(0);
    writeFileSync(path.join(dir, 'Caddyfile'), block('caddyfile'));
    const validated = run('caddy', ['validate', '--config', path.join(dir, 'Caddyfile'), '--adapter', 'caddyfile'], env);
    expect(validated.output).toContain('Valid configuration');
    expect(validated.code).toBe(0);
  });
});

/** nginx's site as the guide has it, with a certificate made here and the ports given; in a main configuration of its own. */
function nginxConfig(ports: { http: number; https: number; hexarena: number }): string {
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', `/CN=${DOMAIN}`],
    {
      stdio: 'ignore',
    },
  );
  const site = block('nginx')
    .replace(`/etc/letsencrypt/live/${DOMAIN}/fullchain.pem`, cert)
    .replace(`/etc/letsencrypt/live/${DOMAIN}/privkey.pem`, key)
    .replace('listen 80;', `listen 127.0.0.1:${ports.http};`)
    .replace('listen 443 ssl http2;', `listen 127.0.0.1:${ports.https} ssl http2;`)
    .replace(/\n\s*listen \[::\]:\d+[^;]*;/g, '')
    .replace('http://127.0.0.1:8080', `http://127.0.0.1:${ports.hexarena}`);
  writeFileSync(path.join(dir, 'site.conf'), site);
  const main = path.join(dir, 'nginx.conf');
  writeFileSync(
    main,
    `pid ${dir}/nginx.pid;\nerror_log ${dir}/error.log;\nevents {}\nhttp {\n  access_log ${dir}/access.log;\n  include ${dir}/site.conf;\n}\n`,
  );
  return main;
}

/** An HTTPS request to nginx on `port` for the guide's domain (its certificate is this test's own). */
function viaNginx(port: number, route: string, options: { method?: string; body?: string; headers?: Record<string, string> } = {}) {
  return new Promise<{ status: number; text: string; headers: Record<string, unknown> }>((resolve, reject) => {
    const req = httpsRequest(
      {
        host: '127.0.0.1',
        port,
        path: route,
        method: options.method ?? 'GET',
        servername: DOMAIN,
        rejectUnauthorized: false,
        localAddress: '127.0.0.9',
        headers: { host: DOMAIN, ...options.headers },
      },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => {
          text += d.toString();
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text, headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

function untilListening(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const tryOnce = (left: number) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (left === 0) reject(new Error(`nothing listens on ${port}`));
        else setTimeout(() => tryOnce(left - 1), 100);
      });
    };
    tryOnce(100);
  });
}

describe('the nginx site', () => {
  it('passes nginx -t, and nginx with it passes pages, the API and a game’s WebSocket to hexarena over TLS', async () => {
    const ports = { http: await freePort(), https: await freePort(), hexarena: await freePort() };
    const main = nginxConfig(ports);
    const broken = path.join(dir, 'broken.conf');
    writeFileSync(broken, readFileSync(main, 'utf8').replace('events {}', 'events {'));
    expect(run('nginx', ['-t', '-c', broken, '-p', dir]).code).not.toBe(0);
    const tested = run('nginx', ['-t', '-c', main, '-p', dir]);
    expect(tested.output).toContain('test is successful');
    expect(tested.code).toBe(0);

    const server = await startServer(
      path.join(dir, 'data'),
      {
        HEXARENA_ORIGIN: `https://${DOMAIN}`,
        HEXARENA_TRUST_PROXY: '127.0.0.1',
        HEXARENA_CONNECTIONS: '100000',
        HEXARENA_METRICS_TOKEN: 'x'.repeat(32),
        HEXARENA_LOG: 'json',
      },
      ports.hexarena,
    );
    let nginx: ChildProcess | null = null;
    try {
      nginx = spawn('nginx', ['-c', main, '-p', dir, '-g', 'daemon off;'], { stdio: 'ignore' });
      await untilListening(ports.https);
      expect((await viaNginx(ports.https, '/')).status).toBe(200);
      // Metrics stay inside: the proxy answers for them.
      expect((await viaNginx(ports.https, '/metrics', { headers: { authorization: `Bearer ${'x'.repeat(32)}` } })).status).toBe(404);
      // A write from the site's own origin, as a browser on https://hexarena.example.org sends it.
      const made = await viaNginx(ports.https, '/api/games', {
        method: 'POST',
        body: JSON.stringify({ game: 'tictactoe', seats: ['open', 'open'], seat: 0 }),
        headers: { 'content-type': 'application/json', origin: `https://${DOMAIN}` },
      });
      expect(made.status).toBe(201);
      // nginx's $request_id is hexarena's: the two logs share it.
      const requestId = made.headers['x-request-id'] as string;
      expect(requestId).toMatch(/^[0-9a-f]{32}$/);
      // Its line is written once the answer has gone: waited for as the server writes.
      while (!server.stderr().includes(`"reqId":"${requestId}"`))
        await new Promise((resolve) => server.child.stderr?.once('data', resolve));
      const { id, token } = JSON.parse(made.text) as { id: string; token: string };
      const socket = new WebSocket(`wss://127.0.0.1:${ports.https}/api/games/${id}/ws`, {
        rejectUnauthorized: false,
        headers: { host: DOMAIN, origin: `https://${DOMAIN}` },
        localAddress: '127.0.0.9',
      });
      const messages: Record<string, unknown>[] = [];
      const answered = new Promise<Record<string, unknown>>((resolve, reject) => {
        socket.on('message', (data) => {
          const m = JSON.parse(data.toString()) as Record<string, unknown>;
          messages.push(m);
          if (m.type === 'answer') resolve(m);
        });
        socket.once('error', reject);
      });
      await new Promise<void>((resolve, reject) => {
        socket.once('open', () => resolve());
        socket.once('error', reject);
      });
      socket.send(JSON.stringify({ type: 'move', seat: 0, token, move: 'b2', version: 0, id: 'm1' }));
      expect((await answered).ok).toBe(true);
      socket.close();
      // HEXARENA_TRUST_PROXY: behind nginx the server counts the client (127.0.0.9), not nginx (127.0.0.1),
      // as the same (hashed) client as when it comes straight in.
      const straight = await request(server.base, '/api/games', { from: '127.0.0.9', headers: { 'x-request-id': 'straight-in-0001' } });
      expect(straight.status).toBe(200);
      const clientOf = async (reqId: string) => {
        while (!server.stderr().includes(`"reqId":"${reqId}"`)) await new Promise((resolve) => server.child.stderr?.once('data', resolve));
        const line = server
          .stderr()
          .split('\n')
          .find((l) => l.includes(`"reqId":"${reqId}"`)) as string;
        return (JSON.parse(line) as { client: string }).client;
      };
      expect(await clientOf(requestId)).toBe(await clientOf('straight-in-0001'));
      const fromNginx = await request(server.base, '/api/games', { from: '127.0.0.1', headers: { 'x-request-id': 'nginx-itself-0001' } });
      expect(fromNginx.status).toBe(200);
      expect(await clientOf('nginx-itself-0001')).not.toBe(await clientOf('straight-in-0001'));
      // The move is the server's: read back directly.
      const direct = (await (await fetch(`${server.base}/api/games/${id}`)).json()) as { moves: string[] };
      expect(direct.moves).toEqual(['b2']);
    } finally {
      nginx?.kill('SIGTERM');
      await server.kill();
    }
  });
});
