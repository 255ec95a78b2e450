package dev.retryowner.corpus;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * How well the gate's findings on the corpus agree with the labels, for one setting of the job
 * layer. Only primary labels count: a primary retry the gate reported is found, one it did not is
 * missed; a primary look-alike it reported is a false positive. Recall is found over all primary
 * retries, precision is found over found plus false positives (per site, not per finding).
 * Findings on no labelled line are listed as unlabelled: they are neither right nor wrong until a
 * labeller decides.
 */
public final class AccuracyScore {
  /** A primary label and the rules that reported it. */
  public record Decision(Label label, boolean mustReport, Set<String> reportedBy) {
    public boolean isRight() {
      return mustReport != reportedBy.isEmpty();
    }
  }

  private final boolean jobLayerConfigured;
  private final List<Decision> decisions;
  private final List<ReportedSite> unlabelled;

  private AccuracyScore(boolean jobLayerConfigured, List<Decision> decisions,
      List<ReportedSite> unlabelled) {
    this.jobLayerConfigured = jobLayerConfigured;
    this.decisions = List.copyOf(decisions);
    this.unlabelled = List.copyOf(unlabelled);
  }

  /**
   * Scores {@code findings} (by artifact coordinates) against {@code labels}.
   *
   * @param sourcesJars each artifact's sources jar, to find the statement a label's line is on
   */
  public static AccuracyScore of(boolean jobLayerConfigured, List<Label> labels,
      Map<String, List<ReportedSite>> findings, Map<String, Path> sourcesJars) {
    List<Decision> decisions = new ArrayList<>();
    List<ReportedSite> unlabelled = new ArrayList<>();
    Map<String, List<Label>> byArtifact = labels.stream()
        .collect(Collectors.groupingBy(Label::artifact, TreeMap::new, Collectors.toList()));
    for (Map.Entry<String, List<Label>> artifact : byArtifact.entrySet()) {
      List<ReportedSite> reported = findings.get(artifact.getKey());
      Path sources = sourcesJars.get(artifact.getKey());
      if (reported == null || sources == null) {
        throw new IllegalArgumentException("no scan of " + artifact.getKey() + ": every labelled"
            + " artifact must be scanned");
      }
      try (SiteSpans spans = new SiteSpans(sources)) {
        List<ReportedSite> matched = new ArrayList<>();
        for (Label label : artifact.getValue()) {
          if (!spans.contains(label.file())) {
            throw new IllegalArgumentException(label.site() + ": the sources jar has no "
                + label.file());
          }
          SiteSpans.Span span = spans.of(label.file(), label.line());
          List<ReportedSite> here = reported.stream()
              .filter(f -> f.isIn(label.file()) && span.holds(f.line())).toList();
          matched.addAll(here);
          if (label.primary()) {
            decisions.add(new Decision(label, label.mustBeReported(jobLayerConfigured), here
                .stream().map(ReportedSite::rule).collect(Collectors.toCollection(TreeSet::new))));
          }
        }
        reported.stream().filter(f -> !matched.contains(f)).forEach(unlabelled::add);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return new AccuracyScore(jobLayerConfigured, decisions, unlabelled);
  }

  public boolean jobLayerConfigured() {
    return jobLayerConfigured;
  }

  public List<Decision> decisions() {
    return decisions;
  }

  /** Findings on no labelled site. */
  public List<ReportedSite> unlabelled() {
    return unlabelled;
  }

  public List<Decision> misses() {
    return decisions.stream().filter(d -> d.mustReport() && !d.isRight()).toList();
  }

  public List<Decision> falsePositives() {
    return decisions.stream().filter(d -> !d.mustReport() && !d.isRight()).toList();
  }

  public Tally total() {
    return Tally.of(decisions);
  }

  /** Per category, in the categories' order. */
  public Map<Category, Tally> byCategory() {
    Map<Category, Tally> tallies = new TreeMap<>();
    for (Category category : Category.values()) {
      List<Decision> of = decisions.stream().filter(d -> d.label().category() == category)
          .toList();
      if (!of.isEmpty()) {
        tallies.put(category, Tally.of(of));
      }
    }
    return tallies;
  }

  /** Per rule: the sites each rule reported, right or wrong. */
  public Map<String, Tally> byRule() {
    Set<String> rules = decisions.stream().flatMap(d -> d.reportedBy().stream())
        .collect(Collectors.toCollection(TreeSet::new));
    Map<String, Tally> tallies = new TreeMap<>();
    for (String rule : rules) {
      tallies.put(rule, Tally.of(decisions.stream().filter(d -> d.reportedBy().contains(rule))
          .toList()));
    }
    return tallies;
  }

  /**
   * Counts of a set of decisions.
   *
   * @param retries primary sites the gate must report
   * @param found those it reported
   * @param lookalikes primary sites it must not report
   * @param falsePositives those it reported
   */
  public record Tally(int retries, int found, int lookalikes, int falsePositives) {
    static Tally of(Collection<Decision> decisions) {
      int retries = 0;
      int found = 0;
      int lookalikes = 0;
      int wrong = 0;
      for (Decision d : decisions) {
        if (d.mustReport()) {
          retries++;
          found += d.isRight() ? 1 : 0;
        } else {
          lookalikes++;
          wrong += d.isRight() ? 0 : 1;
        }
      }
      return new Tally(retries, found, lookalikes, wrong);
    }

    /** Found over retries, in percent; 100 when there is no retry to find. */
    public double recall() {
      return retries == 0 ? 100 : 100.0 * found / retries;
    }

    /** Found over found plus false positives, in percent; 100 when nothing was reported. */
    public double precision() {
      return found + falsePositives == 0 ? 100 : 100.0 * found / (found + falsePositives);
    }
  }
}
