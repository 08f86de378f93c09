import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTcpProxy, type TcpProxy } from './tcp-proxy';

/** The fault suite's proxy does what each fault says, against a plain echo server. */
let echo: net.Server;
let proxy: TcpProxy;
beforeAll(async () => {
  echo = net.createServer((socket) => socket.on('error', () => undefined).pipe(socket));
  await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
  proxy = await startTcpProxy({ port: (echo.address() as net.AddressInfo).port });
});
afterAll(async () => {
  await proxy.close();
  await new Promise((resolve) => echo.close(resolve));
});

function connect() {
  const socket = net.connect(proxy.port, '127.0.0.1');
  let received = '';
  let closed = false;
  socket.on('data', (chunk) => (received += chunk.toString()));
  socket.on('error', () => undefined);
  socket.on('close', () => (closed = true));
  return { socket, received: () => received, closed: () => closed, ready: new Promise((resolve) => socket.once('connect', resolve)) };
}
const settle = (ms = 100) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the fault suite’s TCP proxy', () => {
  it('forwards, stalls without closing, then delivers what it held', async () => {
    const link = connect();
    await link.ready;
    link.socket.write('hola');
    await settle();
    expect(link.received()).toBe('hola');
    proxy.stall();
    link.socket.write(' mundo');
    await settle();
    expect(link.received()).toBe('hola');
    expect(link.closed()).toBe(false);
    proxy.heal();
    await settle();
    expect(link.received()).toBe('hola mundo');
    link.socket.destroy();
  });

  it('cuts only the connections that sent a given text', async () => {
    const listen = connect();
    const other = connect();
    await Promise.all([listen.ready, other.ready]);
    listen.socket.write('LISTEN concesion_cluster');
    other.socket.write('select 1');
    await settle();
    expect(proxy.cutMatching('listen concesion_cluster')).toBe(1);
    await settle();
    expect(listen.closed()).toBe(true);
    expect(other.closed()).toBe(false);
    other.socket.destroy();
  });

  it('refuses new connections until healed', async () => {
    proxy.refuse();
    const refused = connect();
    await settle();
    expect(refused.closed()).toBe(true);
    proxy.heal();
    const accepted = connect();
    await accepted.ready;
    accepted.socket.write('otra vez');
    await settle();
    expect(accepted.received()).toBe('otra vez');
    accepted.socket.destroy();
  });
});
