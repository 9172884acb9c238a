/**
 * The monitoring kit is tested like code: promtool checks and unit-tests the rules (Debian's
 * `prometheus` package; .ci/run installs it), every alert carries what an operator needs and has a
 * case where it fires and one where it does not, every runbook link lands on a section of
 * docs/runbooks.md, every dashboard query parses, and the Kubernetes PrometheusRule is the rule files.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parser } from '@prometheus-io/lezer-promql';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { dashboardQueries, DASHBOARD, grafanaVariablesFilledIn, RULE_FILES, TEST_FILE } from '../support/monitoring.js';

interface Rule {
  alert?: string;
  record?: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}
const rules = (file: string): Rule[] =>
  (parse(readFileSync(file, 'utf8')) as { groups: { rules: Rule[] }[] }).groups.flatMap((g) => g.rules);
const alerts = RULE_FILES.flatMap(rules).filter((r) => r.alert !== undefined);

/** promtool from PROMTOOL or PATH; in CI its absence fails the suite instead of skipping it. */
function findPromtool(): string | null {
  const candidate = process.env.PROMTOOL ?? 'promtool';
  return spawnSync(candidate, ['--version']).status === 0 ? candidate : null;
}
const promtool = findPromtool();
const inCi = Boolean(process.env.CI);
if (!promtool) {
  process.stdout.write(
    `[monitoring] promtool not found (Debian: apt-get install prometheus; or set PROMTOOL): the promtool checks ${inCi ? 'FAIL (CI is set)' : 'are skipped on this machine'}\n`,
  );
}

describe('alert and recording rules', () => {
  it.skipIf(!promtool && !inCi)('pass promtool check rules and promtool test rules', () => {
    expect(promtool, 'promtool is required in CI: apt-get install prometheus (Debian), or set PROMTOOL').not.toBeNull();
    const check = execFileSync(promtool as string, ['check', 'rules', ...RULE_FILES], { encoding: 'utf8' });
    expect(check).toMatch(/SUCCESS: 16 rules found/);
    const unit = spawnSync(promtool as string, ['test', 'rules', TEST_FILE], { encoding: 'utf8' });
    expect(unit.stdout + unit.stderr, 'promtool test rules').toMatch(/SUCCESS/);
    expect(unit.status).toBe(0);
    // The local stack's Prometheus (docker-compose.monitoring.yml) loads its config and these rules.
    const config = execFileSync(promtool as string, ['check', 'config', 'monitoring/prometheus/prometheus.yml'], { encoding: 'utf8' });
    expect(config).toMatch(/SUCCESS: 2 rule files found/);
  });

  it('are what the optional compose file mounts into its Prometheus', () => {
    const compose = parse(readFileSync('docker-compose.monitoring.yml', 'utf8')) as { services: { prometheus: { volumes: string[] } } };
    expect(compose.services.prometheus.volumes).toEqual(
      expect.arrayContaining([
        './monitoring/prometheus/prometheus.yml:/etc/prometheus/prometheus.yml:ro',
        './monitoring/prometheus/rules:/etc/prometheus/rules:ro',
      ]),
    );
    const config = parse(readFileSync('monitoring/prometheus/prometheus.yml', 'utf8')) as {
      rule_files: string[];
      scrape_configs: { job_name: string }[];
    };
    expect(config.rule_files.map((file) => `monitoring/prometheus/${file}`)).toEqual(RULE_FILES);
    expect(config.scrape_configs.map((c) => c.job_name)).toEqual(['animal-adoption-api']);
  });

  it('give every alert a severity, summary, description, runbook_url and dashboard_url', () => {
    expect(alerts.length).toBeGreaterThanOrEqual(12);
    for (const alert of alerts) {
      expect(['critical', 'warning'], alert.alert).toContain(alert.labels?.severity);
      for (const key of ['summary', 'description', 'runbook_url', 'dashboard_url'])
        expect(alert.annotations?.[key], `${alert.alert}: ${key}`).toBeTruthy();
      expect(alert.annotations?.runbook_url).toMatch(/^https:\/\/[^#]+\/runbooks\.md#[a-z0-9-]+$/);
      expect(alert.annotations?.dashboard_url).toMatch(/^https:\/\/[^/]+\/d\/animal-adoption-api\//);
    }
  });

  it('link every alert to a section of docs/runbooks.md, and every section to an alert', () => {
    const headings = [...readFileSync('docs/runbooks.md', 'utf8').matchAll(/^## (.+)$/gm)].map((m) =>
      (m[1] as string)
        .toLowerCase()
        .replace(/[^a-z0-9 -]/g, '')
        .replace(/ /g, '-'),
    );
    const anchors = alerts.map((alert) => alert.annotations?.runbook_url?.split('#')[1]);
    for (const anchor of anchors) expect(headings, `runbook anchor #${anchor}`).toContain(anchor);
    expect([...headings].sort()).toEqual([...anchors].sort());
  });

  it('have, for every alert, a unit test where it fires and one where it does not', () => {
    const { tests } = parse(readFileSync(TEST_FILE, 'utf8')) as {
      tests: { alert_rule_test?: { alertname: string; exp_alerts: unknown[] }[] }[];
    };
    const cases = tests.flatMap((t) => t.alert_rule_test ?? []);
    for (const alert of alerts) {
      const own = cases.filter((c) => c.alertname === alert.alert);
      expect(
        own.some((c) => c.exp_alerts.length > 0),
        `${alert.alert} fires somewhere`,
      ).toBe(true);
      expect(
        own.some((c) => c.exp_alerts.length === 0),
        `${alert.alert} stays quiet somewhere`,
      ).toBe(true);
    }
  });

  it('are what the Kubernetes PrometheusRule applies (npm run monitoring:generate)', () => {
    const [rule, monitor] = parseAllDocuments(readFileSync('monitoring/kubernetes/prometheus-rule.yaml', 'utf8')).map(
      (d) => d.toJS() as Record<string, unknown>,
    );
    expect(rule).toMatchObject({ apiVersion: 'monitoring.coreos.com/v1', kind: 'PrometheusRule' });
    const groups = RULE_FILES.flatMap((file) => (parse(readFileSync(file, 'utf8')) as { groups: unknown[] }).groups);
    expect((rule?.spec as { groups: unknown[] }).groups).toEqual(groups);
    expect(monitor).toBeUndefined();
    const serviceMonitor = parse(readFileSync('monitoring/kubernetes/service-monitor.yaml', 'utf8')) as Record<string, unknown>;
    expect(serviceMonitor).toMatchObject({ apiVersion: 'monitoring.coreos.com/v1', kind: 'ServiceMonitor' });
    // The rules select job="animal-adoption-api": the ServiceMonitor names the job so.
    expect(JSON.stringify(serviceMonitor)).toContain('"replacement":"animal-adoption-api"');
  });
});

describe('the Grafana dashboard', () => {
  const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as {
    uid: string;
    templating: { list: { name: string; type: string }[] };
    panels: { type: string; title: string }[];
  };

  it('has templated datasource, job and instance variables, and the sections an operator needs', () => {
    expect(dashboard.uid).toBe('animal-adoption-api');
    expect(dashboard.templating.list.map((v) => [v.name, v.type])).toEqual([
      ['datasource', 'datasource'],
      ['job', 'query'],
      ['instance', 'query'],
    ]);
    expect(dashboard.panels.filter((p) => p.type === 'row').map((p) => p.title)).toEqual([
      'SLOs',
      'Requests',
      'Rate limiting',
      'Storage',
      'Process',
    ]);
  });

  it('has only queries that parse, each selecting on $job and $instance and using $__rate_interval for rates', () => {
    const queries = dashboardQueries();
    expect(queries.length).toBeGreaterThan(25);
    for (const { panel, expr } of queries) {
      const errors: number[] = [];
      parser.parse(grafanaVariablesFilledIn(expr)).iterate({ enter: (node) => void (node.type.isError && errors.push(node.from)) });
      expect(errors, `${panel}: ${expr}`).toEqual([]);
      expect(expr, panel).toMatch(/job="\$job"/);
      if (!expr.includes('job:slo_')) expect(expr, panel).toMatch(/instance=~"\$instance"/);
      for (const range of expr.matchAll(/\[([^\]]+)\]/g))
        expect(['$__rate_interval', '30d', '1h'], `${panel}: ${expr}`).toContain(range[1]);
    }
  });

  it('has rule queries that parse with the same parser', () => {
    for (const rule of RULE_FILES.flatMap(rules)) {
      const errors: number[] = [];
      parser.parse(rule.expr).iterate({ enter: (node) => void (node.type.isError && errors.push(node.from)) });
      expect(errors, rule.alert ?? rule.record).toEqual([]);
    }
  });
});
