package dev.retryowner.corpus;

import dev.retryowner.corpus.AccuracyScore.Decision;
import dev.retryowner.corpus.AccuracyScore.ScoredSite;
import dev.retryowner.corpus.AccuracyScore.Tally;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Prints an {@link AccuracyScore} as the tables of {@code docs/accuracy.md}, misses included. */
public final class ScoreTable {
  private ScoreTable() {}

  /**
   * The whole report of one setting: totals, per batch, per category, per rule, then every miss,
   * false positive and unadjudicated site.
   *
   * @param batches the artifacts' coordinates by batch, in the order to print them
   */
  public static String of(AccuracyScore score, Map<String, List<String>> batches) {
    StringBuilder out = new StringBuilder();
    out.append("## ").append(score.jobLayerConfigured() ? "With each library's job layer"
        + " configured" : "No job layer configured (jobsPackages=none)").append("\n\n");
    out.append(summaryLine(score.total())).append("\n\n");
    out.append("| batch | retries | found | recall | sites reported | false positives |"
        + " precision | findings per retry found | unadjudicated |\n"
        + "|---|---|---|---|---|---|---|---|---|\n");
    batches.forEach((batch, coordinates) -> appendBatchRow(out, batch,
        score.of(coordinates).total()));
    appendBatchRow(out, "all", score.total());
    out.append("\n| category | primary rows | reported | recall | sites reported on its rows"
        + " |\n|---|---|---|---|---|\n");
    for (Map.Entry<Category, Tally> e : score.byCategory().entrySet()) {
      Tally t = e.getValue();
      boolean retries = e.getKey().isRetry();
      out.append(String.format(Locale.ROOT, "| %s | %d | %d | %s | %d |%n", e.getKey().label(),
          t.retries(), t.found(), retries ? percent(t.recall()) : "(must not report)",
          t.sites()));
    }
    out.append("\n| rule | retries found | sites reported | false positives |\n"
        + "|---|---|---|---|\n");
    for (Map.Entry<String, Tally> e : score.byRule().entrySet()) {
      Tally t = e.getValue();
      out.append(String.format(Locale.ROOT, "| %s | %d | %d | %d |%n", e.getKey(), t.found(),
          t.sites() + t.unadjudicated(), t.falsePositives()));
    }
    List<Decision> misses = score.misses();
    out.append("\nMissed (").append(misses.size()).append("):\n");
    for (Decision d : misses) {
      out.append("- ").append(d.label().category().label()).append(' ')
          .append(d.label().site()).append(": ").append(d.label().justification()).append('\n');
    }
    appendSites(out, "False positives", score.falsePositives());
    appendSites(out, "Unadjudicated (add a row for each, corpus/README.md)",
        score.unadjudicated());
    return out.toString();
  }

  /** One line: the setting's recall, precision and findings per retry, for logs. */
  public static String summary(AccuracyScore score) {
    return (score.jobLayerConfigured() ? "job layers configured: " : "no job layer: ")
        + summaryLine(score.total());
  }

  private static String summaryLine(Tally t) {
    return String.format(Locale.ROOT, "recall %.1f %% (%d of %d retries), precision %.1f %%"
            + " (%d of %d sites reported are retries), %.2f findings per retry found,"
            + " %d unadjudicated site(s)", t.recall(), t.found(), t.retries(), t.precision(),
        t.sites() - t.falsePositives(), t.sites(), t.findingsPerRetry(), t.unadjudicated());
  }

  private static void appendBatchRow(StringBuilder out, String batch, Tally t) {
    out.append(String.format(Locale.ROOT, "| %s | %d | %d | %s | %d | %d | %s | %.2f | %d |%n",
        batch, t.retries(), t.found(), percent(t.recall()), t.sites(), t.falsePositives(),
        percent(t.precision()), t.findingsPerRetry(), t.unadjudicated()));
  }

  private static String percent(double value) {
    return String.format(Locale.ROOT, "%.1f %%", value);
  }

  private static void appendSites(StringBuilder out, String title, List<ScoredSite> sites) {
    out.append("\n").append(title).append(" (").append(sites.size()).append("):\n");
    for (ScoredSite site : sites) {
      out.append("- ");
      if (site.adjudicated()) {
        out.append(site.row().category().label()).append(site.row().primary() ? "" :
            " (supporting)").append(' ');
      }
      out.append(site.where()).append(" by ").append(String.join(", ", site.rules()))
          .append(": ").append(site.adjudicated() ? site.row().justification()
              : site.findings().get(0).message()).append('\n');
    }
  }
}
