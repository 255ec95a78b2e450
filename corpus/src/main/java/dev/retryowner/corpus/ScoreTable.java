package dev.retryowner.corpus;

import dev.retryowner.corpus.AccuracyScore.Decision;
import dev.retryowner.corpus.AccuracyScore.Tally;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Prints an {@link AccuracyScore} as the tables of {@code docs/accuracy.md}, misses included. */
public final class ScoreTable {
  private ScoreTable() {}

  /** The whole report of one setting: totals, per category, per rule, then every error. */
  public static String of(AccuracyScore score) {
    StringBuilder out = new StringBuilder();
    out.append("## ").append(score.jobLayerConfigured() ? "With each library's job layer"
        + " configured" : "No job layer configured (jobsPackages=none)").append("\n\n");
    Tally total = score.total();
    out.append(String.format(Locale.ROOT, "recall %.1f %% (%d of %d retries), precision %.1f %%"
            + " (%d of %d look-alikes reported), %d unlabelled finding(s)%n%n",
        total.recall(), total.found(), total.retries(), total.precision(),
        total.falsePositives(), total.lookalikes(), score.unlabelled().size()));
    out.append("| category | primary sites | reported | recall |\n|---|---|---|---|\n");
    for (Map.Entry<Category, Tally> e : score.byCategory().entrySet()) {
      Tally t = e.getValue();
      boolean retries = t.retries() > 0;
      out.append(String.format(Locale.ROOT, "| %s | %d | %d | %s |%n", e.getKey().label(),
          retries ? t.retries() : t.lookalikes(), retries ? t.found() : t.falsePositives(),
          retries ? String.format(Locale.ROOT, "%.1f %%", t.recall()) : "(must not report)"));
    }
    out.append("\n| rule | retries reported | look-alikes reported |\n|---|---|---|\n");
    for (Map.Entry<String, Tally> e : score.byRule().entrySet()) {
      out.append("| ").append(e.getKey()).append(" | ").append(e.getValue().found())
          .append(" | ").append(e.getValue().falsePositives()).append(" |\n");
    }
    appendSites(out, "Missed", score.misses());
    appendSites(out, "False positives", score.falsePositives());
    return out.toString();
  }

  /**
   * The findings on no labelled line, one per line ("rule file:line: message"): the labeller's
   * next work, since each is a retry not yet labelled or a false positive not yet counted.
   */
  public static String unlabelled(AccuracyScore score) {
    StringBuilder out = new StringBuilder();
    for (ReportedSite site : score.unlabelled()) {
      out.append(site.rule()).append(' ').append(site.file()).append(':').append(site.line())
          .append(": ").append(site.message()).append('\n');
    }
    return out.toString();
  }

  /** One line: the setting, recall and precision, for logs and the floor file. */
  public static String summary(AccuracyScore score) {
    Tally total = score.total();
    return String.format(Locale.ROOT, "%s: recall %.1f %%, precision %.1f %%",
        score.jobLayerConfigured() ? "job layers configured" : "no job layer",
        total.recall(), total.precision());
  }

  private static void appendSites(StringBuilder out, String title, List<Decision> decisions) {
    out.append("\n").append(title).append(" (").append(decisions.size()).append("):\n");
    for (Decision d : decisions) {
      out.append("- ").append(d.label().category().label()).append(" ")
          .append(d.label().site())
          .append(d.reportedBy().isEmpty() ? "" : " by " + String.join(", ", d.reportedBy()))
          .append(": ").append(d.label().justification()).append('\n');
    }
  }
}
