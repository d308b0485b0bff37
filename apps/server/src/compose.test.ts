import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it, onTestFinished } from "vitest";
import { parse } from "yaml";
import { loadEnv } from "./env";

/**
 * docker-compose.yml is the production shape (issue 19). Docker is not available where the tests run, so instead of
 * `docker compose config` this reads it with a YAML parser and checks what compose would: the services and their
 * wiring, and that the app's settings, as compose fills them in, start the server.
 */
const root = fileURLToPath(new URL("../../../", import.meta.url));
const compose = parse(readFileSync(path.join(root, "docker-compose.yml"), "utf8")) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
};
interface Service {
  image?: string;
  build?: string;
  depends_on?: Record<string, { condition: string }>;
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  volumes?: string[];
  ports?: string[];
  deploy?: { replicas?: number };
  entrypoint?: string[];
}

/** Compose's interpolation: ${VAR:-default} and ${VAR:?message} from `vars`, else the default (or a failure). */
function interpolate(value: string, vars: Record<string, string>): string {
  return value.replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_match, name: string, kind: string | undefined, rest: string) => {
    if (vars[name]) return vars[name];
    if (kind === "?") throw new Error(`compose would refuse: ${name}: ${rest}`);
    return kind === "-" ? rest : "";
  });
}

describe("docker-compose.yml", () => {
  const { services } = compose;

  it("runs PostgreSQL, Redis, MinIO (and its bucket), two app replicas and nginx in front", () => {
    expect(Object.keys(services).sort()).toEqual(["app", "db", "grafana", "minio", "minio-init", "nginx", "prometheus", "redis"]);
    expect(services.app!.deploy?.replicas).toBe(2);
    expect(services.app!.build).toBe(".");
    // Only the balancer is published; the replicas are reached through it.
    expect(services.app!.ports).toBeUndefined();
    expect(services.nginx!.ports).toEqual(["3000:80"]);
  });

  it("checks every long-running service's health, and starts each after what it needs is healthy", () => {
    for (const name of ["db", "redis", "minio", "app", "nginx", "prometheus", "grafana"]) expect(services[name]!.healthcheck?.test.length, name).toBeGreaterThan(0);
    expect(services.app!.healthcheck!.test.join(" ")).toContain("/readyz");
    expect(services.app!.depends_on).toEqual({
      db: { condition: "service_healthy" },
      redis: { condition: "service_healthy" },
      "minio-init": { condition: "service_completed_successfully" },
    });
    expect(services.nginx!.depends_on).toEqual({ app: { condition: "service_healthy" } });
    for (const [name, service] of Object.entries(services)) {
      for (const target of Object.keys(service.depends_on ?? {})) expect(services, `${name} depends on ${target}`).toHaveProperty(target);
      for (const volume of service.volumes ?? []) {
        const source = volume.split(":")[0]!;
        if (source.startsWith(".")) expect(existsSync(path.join(root, source)), source).toBe(true);
        else expect(compose.volumes, `${name} uses volume ${source}`).toHaveProperty(source);
      }
    }
  });

  it("gives the app settings the server starts with: PostgreSQL, Redis, the MinIO bucket minio-init makes", () => {
    const dockerfileEnv = Object.fromEntries(
      [...readFileSync(path.join(root, "Dockerfile"), "utf8").matchAll(/^ENV (.+)$/gm)].flatMap((line) => line[1]!.split(/\s+/).map((pair) => pair.split("=") as [string, string])),
    );
    const vars = { JWT_SECRET: "a-compose-test-secret-that-is-long-enough", ALLOW_SANDBOX_PAYMENTS: "true" };
    const appEnv = Object.fromEntries(Object.entries(services.app!.environment!).map(([name, value]) => [name, interpolate(String(value), vars)]));
    const dataDir = mkdtempSync(path.join(tmpdir(), "mithai-compose-"));
    onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
    const env = loadEnv({ ...dockerfileEnv, ...appEnv, DATA_DIR: dataDir });
    expect(env.nodeEnv).toBe("production");
    expect(env.port).toBe(3000);
    expect(new URL(env.databaseUrl!).host).toBe("db:5432");
    expect(env.redisUrl).toBe("redis://redis:6379");
    expect(env.pictureStore).toMatchObject({ kind: "s3", s3: { bucket: "mithai-pictures", endpoint: "http://minio:9000", forcePathStyle: true } });
    expect(env.shutdownDrainMs).toBeGreaterThan(0);
    expect(services["minio-init"]!.entrypoint!.join(" ")).toContain(`store/${env.pictureStore.kind === "s3" ? env.pictureStore.s3.bucket : ""}`);
    expect(() => loadEnv({ ...dockerfileEnv, ...Object.fromEntries(Object.entries(services.app!.environment!).map(([name, value]) => [name, interpolate(String(value), { JWT_SECRET: vars.JWT_SECRET })])) })).toThrow(/ALLOW_SANDBOX_PAYMENTS/);
    expect(() => interpolate(services.app!.environment!.JWT_SECRET!, {})).toThrow(/JWT_SECRET/);
  });

  it("points nginx at the replicas on the port they listen on", () => {
    const conf = readFileSync(path.join(root, "deploy/nginx.conf"), "utf8");
    expect(services.nginx!.volumes).toContain("./deploy/nginx.conf:/etc/nginx/nginx.conf:ro");
    expect(conf).toMatch(/server app:3000 resolve/);
    expect(conf).toMatch(/listen 80;/);
    expect(conf).toMatch(/proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;/);
  });
});
