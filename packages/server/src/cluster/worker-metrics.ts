import { AggregatorRegistry } from 'prom-client';
import type { Metrics } from '../metrics/metrics.ts';
import { askPrimary } from './ask-primary.ts';

/**
 * In a worker of `latchkey serve --workers N`: `/metrics` on the shared port answers for every
 * worker, not for whichever one the scrape reached. The primary asks each worker for its registry
 * (prom-client's cluster aggregation: counters and histograms summed) and the worker serves the sum.
 */
export function shareMetrics(metrics: Metrics): void {
  // Answers the primary's requests for this worker's registry.
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([metrics.registry]);
  metrics.aggregateWith(async () => {
    const answer = await askPrimary({ type: 'metrics' });
    return answer.metrics!;
  });
}
