/**
 * Real Redis topologies built from Debian's redis-server (cluster mode and Sentinel), as processes on
 * loopback that the suite starts, owns, breaks and stops: a Redis Cluster with or without replicas,
 * and a master with a replica under three sentinels.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import { freePort, onPath } from './backends.js';
import { stopProcess, waitForOutput } from './processes.js';

const run = promisify(execFile);

/** True when this machine can build the topologies; suites print why not otherwise. */
export const topologiesRunnable = onPath('redis-server') && onPath('redis-cli');
export const WHY_NOT_RUNNABLE = 'needs redis-server and redis-cli on PATH (apt-get install redis-server redis-sentinel)';

/** Every node and sentinel here requires this password (the "default" ACL user), so auth is exercised too. */
export const PASSWORD = 'topology-test-password';

export interface LocalNode {
  readonly port: number;
  readonly address: string;
  readonly process: ChildProcess;
  /** A client to this node alone (no redirection following). */
  readonly client: Redis;
  kill(): void;
}

/**
 * Starts redis-server on a free port. A port found free can be taken by another process before the
 * server binds it (suites start servers in parallel): then it starts again on another port.
 */
async function startNode(dir: string, args: (() => Promise<string[]>) | string[], ready: RegExp): Promise<LocalNode> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const extra = typeof args === 'function' ? await args() : args;
    const child = spawn(
      'redis-server',
      [...extra, '--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    try {
      await waitForOutput(child, ready);
    } catch (error) {
      if (attempt < 5 && /Address already in use/.test((error as Error).message)) continue;
      throw error;
    }
    const client = new Redis({
      port,
      host: '127.0.0.1',
      password: PASSWORD,
      maxRetriesPerRequest: 1,
      retryStrategy: () => 100,
      lazyConnect: true,
    });
    client.on('error', () => undefined);
    return {
      port,
      address: `127.0.0.1:${port}`,
      process: child,
      client,
      kill: () => {
        client.disconnect();
        child.kill('SIGKILL');
      },
    };
  }
}

async function stopNode(node: LocalNode): Promise<void> {
  node.client.disconnect();
  await stopProcess(node.process);
}

export async function redisVersion(): Promise<string> {
  const { stdout } = await run('redis-server', ['--version']);
  return /v=([0-9.]+)/.exec(stdout)?.[1] ?? '?';
}

export interface ClusterNodeInfo {
  readonly id: string;
  readonly address: string;
  readonly role: 'master' | 'replica';
  readonly failed: boolean;
  readonly slots: readonly [number, number][];
}

export interface LocalCluster {
  readonly nodes: LocalNode[];
  /** host:port of one node, as REDIS_CLUSTER_NODES takes it. */
  readonly seed: string;
  readonly description: string;
  /** The cluster as a node sees it (CLUSTER NODES). */
  topology(from?: LocalNode): Promise<ClusterNodeInfo[]>;
  slotOf(key: string): Promise<number>;
  /** The node serving a slot as master now. */
  ownerOf(slot: number, from?: LocalNode): Promise<LocalNode>;
  /** Moves one slot, keys included, to another master while the cluster serves (SETSLOT, MIGRATE). */
  moveSlot(slot: number, to: LocalNode): Promise<number>;
  nodeAt(address: string): LocalNode;
  waitHealthy(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/** A Redis Cluster of `masters` masters with `replicas` replicas each, on loopback, healthy when this resolves. */
export async function startCluster(masters: number, replicas: 0 | 1 = 0): Promise<LocalCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'redis-cluster-'));
  const started = await Promise.allSettled(
    Array.from({ length: masters * (1 + replicas) }, async (_, i) =>
      startNode(
        dir,
        async () => [
          '--cluster-enabled',
          'yes',
          // A fresh file on each attempt: a server that failed to bind may have written one.
          '--cluster-config-file',
          join(dir, `nodes-${i}-${randomUUID().slice(0, 8)}.conf`),
          // A master is failed over one second after it stops answering (the default is 15 s).
          '--cluster-node-timeout',
          '1000',
          '--cluster-port',
          String(await freePort()),
          '--requirepass',
          PASSWORD,
          '--masterauth',
          PASSWORD,
          '--dbfilename',
          `dump-${i}.rdb`,
        ],
        /Ready to accept connections/,
      ),
    ),
  );
  const nodes = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    // Leave nothing running behind a cluster that could not be built.
    await Promise.all(nodes.map(stopNode));
    throw failed.reason;
  }
  await Promise.all(nodes.map((n) => n.client.connect()));
  await run('redis-cli', ['--cluster', 'create', ...nodes.map((n) => n.address), '--cluster-replicas', String(replicas), '--cluster-yes'], {
    env: { ...process.env, REDISCLI_AUTH: PASSWORD },
  });
  const nodeAt = (address: string) => {
    const node = nodes.find((n) => n.address === address);
    if (!node) throw new Error(`no node at ${address}`);
    return node;
  };
  const alive = () => nodes.filter((n) => n.process.exitCode === null && n.process.signalCode === null);
  const topology = async (from = alive()[0]) => parseClusterNodes(String(await (from as LocalNode).client.call('CLUSTER', 'NODES')));
  const cluster: LocalCluster = {
    nodes,
    seed: (nodes[0] as LocalNode).address,
    description: `local redis-server ${await redisVersion()} cluster: ${masters} masters, ${replicas} replica(s) each, on loopback`,
    topology,
    slotOf: async (key) => Number(await (alive()[0] as LocalNode).client.call('CLUSTER', 'KEYSLOT', key)),
    ownerOf: async (slot, from) => {
      const owner = (await topology(from)).find(
        (n) => n.role === 'master' && !n.failed && n.slots.some(([a, b]) => slot >= a && slot <= b),
      );
      if (!owner) throw new Error(`no master serves slot ${slot}`);
      return nodeAt(owner.address);
    },
    moveSlot: async (slot, to) => {
      const from = await cluster.ownerOf(slot);
      const view = await topology();
      const idOf = (node: LocalNode) => view.find((n) => n.address === node.address)?.id as string;
      await to.client.call('CLUSTER', 'SETSLOT', slot, 'IMPORTING', idOf(from));
      await from.client.call('CLUSTER', 'SETSLOT', slot, 'MIGRATING', idOf(to));
      let moved = 0;
      for (;;) {
        const keys = (await from.client.call('CLUSTER', 'GETKEYSINSLOT', slot, 10)) as string[];
        if (keys.length === 0) break;
        await from.client.call('MIGRATE', '127.0.0.1', to.port, '', 0, 5_000, 'AUTH', PASSWORD, 'KEYS', ...keys);
        moved += keys.length;
      }
      // The new owner first, then the old one, then the rest, as redis-cli --cluster reshard does.
      for (const node of [to, from, ...alive().filter((n) => n !== to && n !== from)]) {
        await node.client.call('CLUSTER', 'SETSLOT', slot, 'NODE', idOf(to));
      }
      return moved;
    },
    nodeAt,
    waitHealthy: async (timeoutMs = 30_000) => {
      await until(async () => {
        for (const node of alive()) {
          const info = String(await node.client.call('CLUSTER', 'INFO'));
          if (!info.includes('cluster_state:ok')) return false;
        }
        // Every node sees the same masters serving the same slots (a new cluster converges over a few heartbeats).
        const views = await Promise.all(alive().map(async (node) => JSON.stringify(slotMap(await topology(node)))));
        if (new Set(views).size !== 1) return false;
        const view = await topology();
        const covered = view
          .filter((n) => n.role === 'master' && !n.failed)
          .reduce((sum, n) => sum + n.slots.reduce((s, [a, b]) => s + b - a + 1, 0), 0);
        if (covered !== 16384) return false;
        if (replicas === 0) return true;
        // Every replica has finished its first synchronisation.
        for (const node of alive()) {
          const replication = await node.client.info('replication');
          if (replication.includes('role:slave') && !replication.includes('master_link_status:up')) return false;
        }
        return true;
      }, timeoutMs);
    },
    stop: async () => {
      await Promise.all(nodes.map(stopNode));
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await cluster.waitHealthy();
  return cluster;
}

function slotMap(view: ClusterNodeInfo[]): string[] {
  return view
    .filter((n) => n.role === 'master' && !n.failed && n.slots.length > 0)
    .map((n) => `${n.address}=${n.slots.map(([a, b]) => `${a}-${b}`).join(',')}`)
    .sort();
}

function parseClusterNodes(text: string): ClusterNodeInfo[] {
  return text
    .trim()
    .split('\n')
    .map((line) => {
      const [id = '', address = '', flags = '', , , , , , ...slots] = line.split(' ');
      return {
        id,
        address: address.split('@')[0] as string,
        role: flags.includes('master') ? 'master' : 'replica',
        failed: /fail|noaddr/.test(flags) && !flags.includes('fail?'),
        slots: slots
          .filter((s) => !s.startsWith('['))
          .map((s) => {
            const [a, b = a] = s.split('-');
            return [Number(a), Number(b)] as [number, number];
          }),
      } satisfies ClusterNodeInfo;
    });
}

export interface LocalSentinelSet {
  readonly master: LocalNode;
  readonly replica: LocalNode;
  readonly sentinels: LocalNode[];
  readonly masterName: string;
  /** host:port of every sentinel, as REDIS_SENTINEL_NODES takes them. */
  readonly sentinelAddresses: string;
  readonly sentinelPassword: string;
  readonly description: string;
  /** The master's address as the sentinels report it now. */
  currentMaster(): Promise<string | null>;
  /** What each sentinel and the replica say now, for a failure message. */
  diagnose(): Promise<string>;
  stop(): Promise<void>;
}

export const SENTINEL_PASSWORD = 'topology-sentinel-password';

/** One master, one replica, three sentinels (quorum 2) that fail over after one second of silence. */
export async function startSentinels(masterName = 'adoption'): Promise<LocalSentinelSet> {
  const dir = mkdtempSync(join(tmpdir(), 'redis-sentinel-'));
  const auth = ['--requirepass', PASSWORD, '--masterauth', PASSWORD];
  const master = await startNode(dir, [...auth, '--dbfilename', 'master.rdb'], /Ready to accept connections/);
  const replica = await startNode(
    dir,
    [...auth, '--dbfilename', 'replica.rdb', '--replicaof', '127.0.0.1', String(master.port)],
    /Ready to accept connections/,
  ).catch(async (error: unknown) => {
    await stopNode(master);
    throw error;
  });
  await Promise.all([master.client.connect(), replica.client.connect()]);
  await until(async () => (await replica.client.info('replication')).includes('master_link_status:up'));
  const settled = await Promise.allSettled(
    [0, 1, 2].map(async (i) => {
      const config = join(dir, `sentinel-${i}.conf`);
      writeFileSync(
        config,
        [
          `sentinel monitor ${masterName} 127.0.0.1 ${master.port} 2`,
          `sentinel auth-pass ${masterName} ${PASSWORD}`,
          `sentinel down-after-milliseconds ${masterName} 1000`,
          `sentinel failover-timeout ${masterName} 10000`,
          `requirepass ${SENTINEL_PASSWORD}`,
          `sentinel sentinel-pass ${SENTINEL_PASSWORD}`,
          '',
        ].join('\n'),
      );
      const node = await startNode(dir, [config, '--sentinel'], /Sentinel ID is/);
      const client = new Redis({
        port: node.port,
        host: '127.0.0.1',
        password: SENTINEL_PASSWORD,
        maxRetriesPerRequest: 1,
        retryStrategy: () => 100,
      });
      client.on('error', () => undefined);
      node.client.disconnect();
      return { ...node, client, kill: () => (client.disconnect(), node.process.kill('SIGKILL')) } satisfies LocalNode;
    }),
  );
  const sentinels = settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failed = settled.find((result) => result.status === 'rejected');
  if (failed) {
    // Leave nothing running behind a set that could not be built.
    await Promise.all([master, replica, ...sentinels].map(stopNode));
    throw failed.reason;
  }
  // Ready when every sentinel knows the replica and the two other sentinels (hello messages, every 2 s).
  await until(async () => {
    for (const sentinel of sentinels) {
      const known = (await sentinel.client.call('SENTINEL', 'REPLICAS', masterName)) as unknown[];
      const peers = (await sentinel.client.call('SENTINEL', 'SENTINELS', masterName)) as unknown[];
      if (known.length < 1 || peers.length < 2) return false;
    }
    return true;
  }, 30_000);
  const first = sentinels[0] as LocalNode;
  return {
    master,
    replica,
    sentinels,
    masterName,
    sentinelAddresses: sentinels.map((s) => s.address).join(','),
    sentinelPassword: SENTINEL_PASSWORD,
    description: `local redis-server ${await redisVersion()}: one master, one replica, three sentinels (quorum 2), on loopback`,
    currentMaster: async () => {
      const reply = (await first.client.call('SENTINEL', 'GET-MASTER-ADDR-BY-NAME', masterName)) as string[] | null;
      return reply ? `${reply[0]}:${reply[1]}` : null;
    },
    diagnose: async () => {
      const views = await Promise.all(
        sentinels.map(async (s) => {
          const fields = (await s.client.call('SENTINEL', 'MASTER', masterName)) as string[];
          const get = (name: string) => fields[fields.indexOf(name) + 1];
          return `sentinel ${s.address}: master ${get('ip')}:${get('port')} flags ${get('flags')} failover-state ${get('failover-state') ?? '-'}`;
        }),
      );
      const role = /role:\w+/.exec(await replica.client.info('replication'))?.[0];
      return `${views.join('; ')}; replica ${replica.address} ${role}`;
    },
    stop: async () => {
      await Promise.all([master, replica, ...sentinels].map(stopNode));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function until(check: () => Promise<boolean>, timeoutMs = 15_000, everyMs = 100): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await check()) return;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
