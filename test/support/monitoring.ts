/** The monitoring kit's files, and the dashboard's queries as Prometheus would receive them from Grafana. */
import { readFileSync } from 'node:fs';

export const RULE_FILES = ['monitoring/prometheus/rules/recording.yml', 'monitoring/prometheus/rules/alerts.yml'];
export const TEST_FILE = 'monitoring/prometheus/tests/alerts.test.yml';
export const DASHBOARD = 'monitoring/grafana/dashboards/animal-adoption-api.json';

interface Panel {
  id: number;
  title: string;
  description?: string;
  targets?: { expr: string }[];
}

/** Every query of every panel, with the panel's title, and whether the panel is a core one (it must show data). */
export function dashboardQueries(): { panel: string; expr: string; core: boolean }[] {
  const { panels } = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as { panels: Panel[] };
  return panels.flatMap((p) =>
    (p.targets ?? []).map((t) => ({ panel: p.title, expr: t.expr, core: p.description?.includes('(core panel') ?? false })),
  );
}

/** What Grafana sends for a query: its variables filled in (all instances; a rate interval for a 1 s scrape). */
export function grafanaVariablesFilledIn(expr: string, values: { job?: string; rateInterval?: string } = {}): string {
  return expr
    .replaceAll('$__rate_interval', values.rateInterval ?? '1m')
    .replaceAll('$job', values.job ?? 'animal-adoption-api')
    .replaceAll('$instance', '.*');
}
