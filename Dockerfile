# MaxOut: the built SPA and the compiled server in one image (deploy/README.md).
#   docker build -t maxout .
# Stage 1 builds with every dependency; the image keeps production dependencies only.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx vite build && node --import tsx scripts/buildServer.ts

FROM node:20-bookworm-slim AS production-dependencies
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    STATIC_DIR=/app/dist \
    DATA_DIR=/data
WORKDIR /app
COPY --from=production-dependencies /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/build/server ./build/server
COPY package.json ./
# The embedded database's template (used without DATABASE_URL) is made once here, not at every
# first start; DATA_DIR belongs to the unprivileged user the server runs as.
RUN node build/server/server/db/pgliteTemplate.js && mkdir -p /data && chown node:node /data
USER node
EXPOSE 8080
# Liveness; a proxy or orchestrator that routes by readiness asks /api/maxout/ready instead.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/api/maxout/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM is the graceful stop (drain, in-flight requests, exit 0): give it SHUTDOWN_DRAIN_SECONDS
# plus SHUTDOWN_TIMEOUT_SECONDS before a SIGKILL (compose: stop_grace_period).
STOPSIGNAL SIGTERM
# The old generation's limit (package.json's `serve` gives the same): V8 grows a heap with a limit of
# 2 GB or more to 4 times what is live, so a few large reads size the process for good; with 768 MB
# it keeps about 1.5 times (docs/performance.md, round-ups).
CMD ["node", "--max-old-space-size=768", "build/server/server/main.js"]
