# Production image: the web app and the server bundle built in one stage, the server's production
# dependencies installed in another, then run by the unprivileged `node` user on the current LTS.
# No Docker engine in CI: `node scripts/build-image-content.mjs` runs these same instructions in a
# temporary folder and checks that the result answers (npm test does it), so keep to what that
# script understands: ARG, FROM ... AS, WORKDIR, ENV, COPY [--from] [--chown], RUN, USER, EXPOSE,
# HEALTHCHECK and CMD in JSON form.
ARG NODE_VERSION=26

FROM node:${NODE_VERSION}-slim AS build
WORKDIR /app
# Manifests first: the dependency layer is rebuilt only when they change.
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/domain/package.json packages/domain/
COPY bridges/kit/package.json bridges/kit/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build
# Local files (STORAGE=local) live here; compose mounts a volume on it.
RUN mkdir -p data

# What the server bundle loads from node_modules at run time: the server's production
# dependencies, not the web app's (built into static files) nor the optional ones (the embedded
# PostgreSQL's binaries: production uses DATABASE_URL).
FROM node:${NODE_VERSION}-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/domain/package.json packages/domain/
COPY bridges/kit/package.json bridges/kit/
RUN npm ci --omit=dev --omit=optional --workspace=@vitrine/server --no-audit --no-fund

FROM node:${NODE_VERSION}-slim AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/app/data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=deps /app/node_modules node_modules/
COPY --from=build /app/apps/server/package.json apps/server/
COPY --from=build /app/apps/server/dist apps/server/dist/
COPY --from=build /app/apps/web/dist apps/web/dist/
COPY --from=build --chown=node:node /app/data data/
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--max-semi-space-size=64", "apps/server/dist/main.mjs"]
