// A failed workload's cause as an annotation of the CI run (the GitHub action's `::error`): the
// one-line result (pod, container, reason, message, last termination) and what else the pod said
// (Warning events, --logs lines), as the text report shows it. Bounded: GitHub shows at most 10
// annotations of a type per step (the step's own failure line is one) and cuts long messages; the
// pod's text was already cut per line (core/kinds/pod-verdict.ts, rollout/pod-watch.ts).
// Escaping for the log is the sink's (the action escapes every command it issues).
import { formatId } from "../core/model.js";
import type { RunReport, WorkloadResult } from "../core/run-result.js";
import { causeDetails } from "./describe.js";

interface FailureAnnotation {
  title: string;
  message: string;
}

/** Annotations of failed workloads at most: the step's failure line takes GitHub's tenth. */
const MAX_FAILURE_ANNOTATIONS = 9;
const MAX_MESSAGE = 4000;

export function failureAnnotations(report: RunReport): FailureAnnotation[] {
  const runs = report.clusters
    ? report.clusters.flatMap((c) =>
        c.report ? [{ results: c.report.results, on: ` on ${c.context}` }] : [],
      )
    : [{ results: report.results, on: "" }];
  return runs
    .flatMap(({ results, on }) => results.filter((r) => r.cause).map((r) => annotationOf(r, on)))
    .slice(0, MAX_FAILURE_ANNOTATIONS);
}

function annotationOf(result: WorkloadResult, on: string): FailureAnnotation {
  const text = [result.message, ...causeDetails(result)].join("\n");
  return {
    title: `config-rollout: ${formatId(result.id)} failed to roll out${on}`,
    message: text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE)}…` : text,
  };
}
