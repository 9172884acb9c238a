/** Storage calls observed at the ports: every method, its time, failures included, the adapter unchanged. */
import { describe, expect, it } from 'vitest';
import { observedPort, timedCalls, type PortCall } from '../../../../src/adapters/shared/telemetry/observed-port.js';
import { buildInfo } from '../../../../src/config/build.js';

class Base {
  protected calls = 0;
  ping(): Promise<void> {
    this.calls++;
    return Promise.resolve();
  }
}

class Store extends Base {
  async find(id: string): Promise<string> {
    this.calls++;
    await new Promise((resolve) => setTimeout(resolve, 20));
    return `found ${id} after ${this.calls} calls`;
  }
  fail(): Promise<never> {
    return Promise.reject(new Error('down'));
  }
  throwNow(): never {
    throw new Error('at once');
  }
  keyOf(id: string): string {
    return `k:${id}`;
  }
}

describe('observed ports', () => {
  const watch = () => {
    const seen: { call: PortCall; seconds: number }[] = [];
    const observer = timedCalls((store, operation) => (seconds) => seen.push({ call: { store, operation }, seconds }));
    return { seen, port: observedPort(new Store(), 'redis', 'thing', [observer]) };
  };

  it('times each call of every method, own and inherited, bound to the adapter', async () => {
    const { seen, port } = watch();
    await port.ping();
    expect(await port.find('a')).toBe('found a after 2 calls');
    expect(port.keyOf('b')).toBe('k:b');
    expect(seen.map((s) => s.call.operation)).toEqual(['thing.ping', 'thing.find', 'thing.keyOf']);
    expect(seen.every((s) => s.call.store === 'redis')).toBe(true);
    expect(seen[1]?.seconds).toBeGreaterThanOrEqual(0.015);
  });

  it('times failed calls too, and passes their errors on unchanged', async () => {
    const { seen, port } = watch();
    await expect(port.fail()).rejects.toThrow('down');
    expect(() => port.throwNow()).toThrow('at once');
    expect(seen.map((s) => s.call.operation)).toEqual(['thing.fail', 'thing.throwNow']);
  });

  it('is the adapter itself when nothing observes', () => {
    const store = new Store();
    expect(observedPort(store, 'mongodb', 'thing', [])).toBe(store);
  });
});

describe('build info', () => {
  it('reads the version from package.json and takes a commit only when it is one', () => {
    expect(buildInfo({}).version).toMatch(/^\d+\.\d+\.\d+/);
    expect(buildInfo({}).commit).toBe('unknown');
    expect(buildInfo({ BUILD_COMMIT: 'bc197eb' }).commit).toBe('bc197eb');
    expect(buildInfo({ BUILD_COMMIT: 'not a "commit"' }).commit).toBe('unknown');
  });
});
