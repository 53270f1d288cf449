# The site's image. `npm run image` builds it with docker or podman, also where no image
# registry is reachable (see "Deploying with a container" in docs/operating.md).
#
# Base: Debian trixie with Debian's Node.js 20 (20.19), which Debian's security team patches
# for trixie's lifetime, is the same major version CI tests with, and can be built from
# Debian's packages alone (scripts/debian-base-image.sh) where Docker Hub cannot be reached.
FROM debian:trixie-slim AS node
RUN apt-get update \
 && apt-get install -y --no-install-recommends nodejs \
 && rm -rf /var/lib/apt/lists/*

# Build stage: npm and a compiler for the native modules (better-sqlite3; argon2 ships
# prebuilt binaries), then the site. The production dependencies are installed without the
# dev ones, as on a server, so the final image cannot carry TypeScript or the test tools.
FROM node AS build
RUN apt-get update \
 && apt-get install -y --no-install-recommends npm python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# An npm registry other than npmjs.org, e.g. a mirror inside an air-gapped network.
ARG NPM_CONFIG_REGISTRY
COPY package.json package-lock.json ./
# A network that intercepts TLS needs its certificate authority: `--secret id=ca,src=<bundle>`
# lends it to this step only, so it never lands in a layer of the image. Debian's npm (9)
# knows no `allowScripts` and runs every install script of the production dependencies:
# better-sqlite3 (downloads or compiles its binary), argon2 (picks its prebuilt one) and
# esbuild (Vite's, removed below).
RUN --mount=type=secret,id=ca,target=/run/secrets/ca \
    if [ -s /run/secrets/ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/ca; fi \
 && npm ci --omit=dev --no-audit --no-fund
COPY . .
# The build tools (Vite and its React plugin) are production dependencies for `npm run build`
# on a server, but the built site never loads them: they leave with their own dependencies.
# So do the native modules' binaries for other systems and better-sqlite3's compiler output
# and SQLite sources (only its .node file is loaded), and the empty folders npm leaves.
RUN npm run build \
 && npm pkg delete dependencies.vite 'dependencies.@vitejs/plugin-react' \
 && npm prune --omit=dev --offline --no-audit --no-fund \
 && find node_modules -type d -path '*/prebuilds/*' -prune ! -name "linux-$(node -p process.arch)*" -exec rm -rf {} + \
 && find node_modules -depth -type d -empty -delete \
 && cd node_modules/better-sqlite3 \
 && mv build/Release/better_sqlite3.node . && rm -rf build deps src \
 && mkdir -p build/Release && mv better_sqlite3.node build/Release/

# Final stage: Node.js, the production dependencies, the build and the municipality's content,
# all owned by root and read-only to the site's user.
FROM node
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data \
    CONTENT_DIR=/app/content \
    CLI_COMMAND=municipal
# PostgreSQL's client tools: `municipal db backup` runs pg_dump when DATABASE_URL names a
# PostgreSQL database (issue 36; compose.yaml's "postgres" profile).
RUN apt-get update \
 && apt-get install -y --no-install-recommends postgresql-client \
 && rm -rf /var/lib/apt/lists/*
RUN useradd --uid 10001 --user-group --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin municipal \
 && mkdir /data && chown municipal:municipal /data \
 && printf '#!/bin/sh\n# The IT staff command line: municipal --help\nexec node /app/dist/server/cli.js "$@"\n' \
      >/usr/local/bin/municipal \
 && chmod 755 /usr/local/bin/municipal
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/content ./content
# By number, so that an orchestrator can verify it is not root (Kubernetes' runAsNonRoot).
USER 10001:10001
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
# Node is process 1 and needs no init: the server starts no child processes, and it closes
# on SIGTERM itself (open requests finish, the database is checkpointed and closed, exit 0).
CMD ["node", "dist/server/main.js"]
