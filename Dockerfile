# Stillpoint in a container: build with the development dependencies, run the compiled server with
# the production ones only, as the unprivileged `node` user, data in the /data volume.
# Every step is an npm script CI also runs (`npm ci`, `npm run build`, `npm start`).
# docs/deploy.md: how to run it (compose.yaml adds PostgreSQL and, optionally, MinIO).

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24-bookworm-slim AS production-deps
WORKDIR /app
COPY package.json package-lock.json ./
# --legacy-peer-deps: without it npm also installs better-auth's optional peers (vite, vitest,
# React, drizzle-kit), about 100 MB the server never loads.
RUN npm ci --omit=dev --legacy-peer-deps --no-audit --no-fund

FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=5000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=production-deps /app/node_modules ./node_modules
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/scripts ./scripts
COPY --from=build /app/dist ./dist
RUN mkdir -p /data /backups && chown node:node /data /backups
USER node
VOLUME ["/data"]
EXPOSE 5000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health`).then((r) => process.exit(r.status === 200 ? 0 : 1), () => process.exit(1))"]
# `npm start` runs exactly this; called directly so SIGTERM reaches the server (npm does not pass
# it on), which then drains open requests before it stops.
CMD ["node", "scripts/start.mjs"]
