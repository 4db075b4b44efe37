// Something the report must say about a source that did not stop the run: a Helm chart the range
// changed that nothing renders, a kustomization that could not be built at the base commit.

export interface SourceWarning {
  /** The file a CI annotation points at (the chart's Chart.yaml, the kustomization file). */
  file: string;
  /** Other files the same warning is about (kustomizations that fail alike): unread too when `unread` is set. */
  more?: string[];
  message: string;
  /** Set when the warning is that the source was not read (what, in a few words): the plan is incomplete. */
  unread?: string;
}
