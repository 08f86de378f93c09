// Development: the API with reload on change, and React Router's dev server.
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '4000';
const env = { ...process.env, API_PORT: apiPort, CONCESSION_API_URL: process.env.CONCESSION_API_URL ?? `http://127.0.0.1:${apiPort}` };
const children = [
  spawn('npx', ['tsx', 'watch', 'api/server.ts'], { stdio: 'inherit', env }),
  // The development condition keeps Emotion and React from loading twice.
  spawn('npx', ['react-router', 'dev', '--port', process.env.PORT ?? '3000'], {
    stdio: 'inherit',
    env: { ...env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --conditions=development`.trim() },
  }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) => child.on('exit', stop));
