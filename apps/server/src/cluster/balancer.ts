import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sleep } from "../faults/processes";

/** The response header naming the server that answered (nginx's $upstream_addr): which server a request landed on. */
export const UPSTREAM_HEADER = "x-upstream";

export interface Balancer {
  url: string;
  stop(): Promise<void>;
  /** nginx's error log, for failure messages. */
  errors(): string;
}

/** Debian's nginx (`apt-get install nginx`), wherever PATH has it or in /usr/sbin. */
export function nginxBinary(): string | undefined {
  for (const candidate of ["nginx", "/usr/sbin/nginx"]) {
    if (spawnSync(candidate, ["-v"], { stdio: "ignore" }).status === 0) return candidate;
  }
  return undefined;
}

/**
 * A real nginx in front of the shop's servers, round-robin, as in production (see docker-compose.yml's nginx.conf):
 * a server that refuses connections or fails is skipped for `fail_timeout`, and a request that could not reach one
 * (or a GET it answered with 502/503) goes to the next. Its config, logs and temporary files live in a private
 * folder; it runs in the foreground as this process's child, killed by `stop`.
 */
export async function startBalancer(port: number, upstreams: number[]): Promise<Balancer> {
  const binary = nginxBinary();
  if (!binary) throw new Error("nginx is not installed: run 'apt-get install -y nginx' (npm run test:cluster does when run as root)");
  const dir = mkdtempSync(path.join(tmpdir(), "mithai-nginx-"));
  // nginx's workers may run as another user: they need to write their temporary files here.
  chmodSync(dir, 0o755);
  for (const sub of ["body", "proxy", "fastcgi", "uwsgi", "scgi"]) {
    mkdirSync(path.join(dir, sub));
    chmodSync(path.join(dir, sub), 0o777);
  }
  const config = `
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream shop {
${upstreams.map((upstream) => `    server 127.0.0.1:${upstream} max_fails=1 fail_timeout=2s;`).join("\n")}
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 6m;
    location / {
      proxy_pass http://shop;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_connect_timeout 2s;
      proxy_next_upstream error timeout http_502 http_503;
      add_header ${UPSTREAM_HEADER} $upstream_addr always;
    }
  }
}
`;
  const configFile = path.join(dir, "nginx.conf");
  writeFileSync(configFile, config);
  const child: ChildProcess = spawn(binary, ["-p", dir, "-c", configFile, "-g", "daemon off;"], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const errors = () => `${stderr}${existsSync(path.join(dir, "error.log")) ? readFileSync(path.join(dir, "error.log"), "utf8") : ""}`;

  const deadline = Date.now() + 10_000;
  for (;;) {
    // An nginx that could not listen exits at once: a balancer answering before that would be someone else's.
    await sleep(200);
    if (child.exitCode !== null) throw new Error(`nginx exited: ${errors()}`);
    const answered = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1000) }).then(
      (res) => res.status > 0,
      () => false,
    );
    if (answered) break;
    if (Date.now() > deadline) throw new Error(`nginx did not answer: ${errors()}`);
  }
  return {
    url,
    errors,
    async stop() {
      // SIGTERM: nginx's master stops its workers too (a killed master would leave them holding the port).
      if (child.exitCode === null) child.kill("SIGTERM");
      const killLater = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(killLater);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
