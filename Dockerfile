# syntax=docker/dockerfile:1
# The Latchkey server image: `docker build -t latchkey .`, then `docker compose up` (compose.yaml) or
#   docker run -p 8787:8787 -v latchkey:/var/lib/latchkey -v latchkey-keys:/var/lib/latchkey-keys \
#     -e LATCHKEY_PUBLIC_URL=https://auth.example.com -e LATCHKEY_MASTER_KEY=... latchkey
# The same image runs the CLI: `docker run --rm -v latchkey:/var/lib/latchkey ... latchkey apps list`.
# See docs/deployment.md.
#
# No Docker engine runs in this repo's CI: e2e/image.test.ts reads this file, checks it
# (scripts/image/dockerfile.ts, and hadolint when the machine has it), runs the build stage's steps
# (the commands of its RUN must be exactly `imageBuildSteps` of scripts/image/build.ts) and starts
# the result with this file's ENTRYPOINT, CMD and HEALTHCHECK. Change the steps there and here together.

# Build stage: the full Debian image has the C++ toolchain and Python that pkcs11js (the PKCS#11 key
# store's native addon) compiles with. Node's version is the repo's own (the `node` devDependency).
FROM node:24.21.0-bookworm AS build
WORKDIR /src
COPY . .
# One RUN (hadolint DL3059): after `COPY . .` any change to the repo reruns all three anyway.
RUN npm ci \
  && npm run build \
  && node scripts/image/build.ts /app

# Runtime stage: the packed @latchkey/server, @latchkey/protocol, @latchkey/keys and
# @latchkey/wallet-frame with their production dependencies, nothing else of the repo (no sources, no
# dev dependencies, no npm cache, no compiler).
FROM node:24.21.0-bookworm-slim
ENV NODE_ENV=production
# Owned by root: the server (user `node`) cannot rewrite its own code.
COPY --from=build /app /app
# The data dir (SQLite database, master key file when LATCHKEY_MASTER_KEY is unset) and, apart from
# it, the file key store: a copy of one volume must never carry both (docs/deployment.md, Keys).
RUN mkdir -p /var/lib/latchkey /var/lib/latchkey-keys \
  && chown node:node /var/lib/latchkey /var/lib/latchkey-keys \
  && chmod 700 /var/lib/latchkey /var/lib/latchkey-keys
VOLUME ["/var/lib/latchkey", "/var/lib/latchkey-keys"]
# Every command's default --data-dir is ./.latchkey: the same database for `serve` and the CLI.
WORKDIR /var/lib/latchkey
USER node
EXPOSE 8787
# Liveness: slim images have no curl; Node's fetch does the same.
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:8787/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Exec form: node is PID 1 and gets SIGTERM from `docker stop`; `serve` closes cleanly on it.
ENTRYPOINT ["node", "/app/node_modules/@latchkey/server/dist/bin/latchkey.js"]
CMD ["serve", "--host", "0.0.0.0", "--port", "8787"]
