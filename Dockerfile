# syntax=docker/dockerfile:1
# Stillpoint in a container. The build stage makes the release (`npm run release`, with the
# development dependencies); the final stage installs it exactly as docs/deploy.md tells an
# operator: unpack into an empty folder, `npm ci --omit=dev`, `node scripts/start.mjs`. These are
# the commands CI's production smoke (scripts/production-smoke.mjs) runs on every run: no container
# engine runs in CI, so the smoke is what proves them, and tests/server/deploy-files.test.ts keeps
# this file to the smoke's commands. Runs as the unprivileged `node` user, data in the /data volume.
# docs/deploy.md: how to run it (compose.yaml adds PostgreSQL and, optionally, MinIO).

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run release

FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=5000 \
    DATA_DIR=/data
WORKDIR /app
# The one tarball of the build stage's release/ (.dockerignore keeps a local release/ out).
RUN --mount=type=bind,from=build,source=/app/release,target=/release \
    tar -xzf /release/stillpoint-*.tgz --strip-components=1 -C /app
RUN npm ci --omit=dev
RUN mkdir -p /data /backups && chown node:node /data /backups
USER node
VOLUME ["/data"]
EXPOSE 5000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health`).then((r) => process.exit(r.status === 200 ? 0 : 1), () => process.exit(1))"]
# Node itself, not `npm start`: npm does not pass SIGTERM on to the server (decision 071); the
# server then drains open requests and stops its embedded PostgreSQL before it exits.
CMD ["node", "scripts/start.mjs"]
