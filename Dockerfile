# syntax=docker/dockerfile:1
# Vitrine's image (docs/operations.md): a build stage with the dev dependencies, a runtime stage with the
# production ones only, run as the unprivileged `node` user. tests/e2e/operations.spec.ts parses this file
# and replays its runtime stage.

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim AS runtime
# DEMO_SHOP=false: the image never installs the demo (published passwords), whatever SITE_URL says.
# NODE_OPTIONS: the server's V8 settings (scripts/server-options.mjs); set your own to change them.
ENV NODE_ENV=production DEMO_SHOP=false HOST=0.0.0.0 PORT=4321 DATABASE_URL=/data/vitrine.sqlite ASSETS_DIR=/data/assets NODE_OPTIONS=--max-semi-space-size=64
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 4321
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 4321) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
STOPSIGNAL SIGTERM
# The server is PID 1 itself (no npm in between): SIGTERM reaches it and it stops gracefully.
CMD ["node", "--enable-source-maps", "dist/main.mjs"]
