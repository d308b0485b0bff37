# Production-like image: the built server, web client, migrations and demo pictures.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json turbo.json tsconfig.json ./
COPY packages ./packages
COPY apps ./apps
RUN npm ci --no-audit --no-fund && npm run build:shop && npm prune --omit=dev

FROM node:20-bookworm-slim
# pg_dump and pg_restore for backups on PostgreSQL (npm run backup / restore; the daily BACKUP_DIR backup).
RUN apt-get update -qq && apt-get install -y -qq --no-install-recommends postgresql-client && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
COPY --from=build /app /app
VOLUME /data
EXPOSE 3000
USER node
CMD ["node", "apps/server/dist/server.js"]
