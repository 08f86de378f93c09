import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { Config } from './config';
import type { Database } from './db/client';
import { registerErrorHandling } from './http/error-handler';
import { LoginThrottle } from './services/login-throttle';
import { Mailer } from './services/mail/mailer';
import { createMailTransport, type MailTransport } from './services/mail/transport';
import { authRoutes } from './routes/auth';
import { healthRoutes } from './routes/health';
import { userRoutes } from './routes/user';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    loginThrottle: LoginThrottle;
    mailer: Mailer;
  }
}

export type AppDeps = {
  config: Config;
  db: Database;
  loginThrottle?: LoginThrottle;
  mailTransport?: MailTransport;
};

/** JSON bodies are small: tickets and profiles. Files go through multipart with their own limits. */
const JSON_BODY_LIMIT = 256 * 1024;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.config.env === 'test' ? false : { level: deps.config.logLevel },
    bodyLimit: JSON_BODY_LIMIT,
    // The web app calls from this machine and forwards the driver's address.
    trustProxy: deps.config.trustProxy ? true : ['127.0.0.1', '::1'],
  });
  app.decorate('config', deps.config);
  app.decorate('db', deps.db);
  app.decorate('loginThrottle', deps.loginThrottle ?? new LoginThrottle());
  const transport =
    deps.mailTransport ??
    createMailTransport({
      smtpUrl: deps.config.smtpUrl,
      from: deps.config.mailFrom,
      outboxDir: path.join(deps.config.dataDir, 'outbox'),
    });
  app.decorate('mailer', new Mailer(deps.db, transport, app.log));
  app.addHook('onClose', async () => {
    await app.mailer.idle();
    transport.close();
  });
  app.decorateRequest('principal', null);

  await app.register(helmet, { contentSecurityPolicy: { directives: { defaultSrc: ["'none'"] } } });
  await app.register(cors, {
    origin: deps.config.corsOrigins.length > 0 ? deps.config.corsOrigins : false,
    exposedHeaders: ['authorization'],
  });
  // JSON only: any other body type is a 415, not something half-understood.
  app.removeContentTypeParser('text/plain');
  registerErrorHandling(app);

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(userRoutes);
  return app;
}
