# Multi-stage build of both services. One image, two commands:
#   web: docker run IMAGE                          (node server/web.mjs, port 3000)
#   api: docker run IMAGE node build/api/server.mjs (port 4000)
# Configuration by environment (the production topology and every variable: docs/deploy.md, .env.example).
# Load balancers check readiness (web /readyz, API /api/ready); the HEALTHCHECK below is liveness.
# SIGTERM drains within SHUTDOWN_TIMEOUT_MS (10 s): give the container at least that to stop.

FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim AS runtime
# Secrets come at run time, never in the image: SESSION_SECRET (web) and TOTP_ENCRYPTION_KEYS (API) are required (docs/deploy.md).
ENV NODE_ENV=production PORT=3000 API_PORT=4000 API_HOST=0.0.0.0 DATA_DIR=/data SHUTDOWN_TIMEOUT_MS=10000
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
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
CMD ["node", "server/web.mjs"]
