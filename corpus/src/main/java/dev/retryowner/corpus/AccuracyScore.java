package dev.retryowner.corpus;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * How well the gate's findings on the corpus agree with the labels, for one setting of the job
 * layer. Recall counts primary rows: a primary retry the gate reported is found, one it did not is
 * missed. Precision counts every distinct site the gate reported: each finding falls on a row
 * (primary or supporting), and a site is right when its row is a retry the gate must report,
 * wrong when it is a look-alike. A finding on no row is unadjudicated: the score is not final
 * until someone adds its row ({@code corpus/README.md}).
 */
public final class AccuracyScore {
  /** A primary label and the rules that reported it. */
  public record Decision(Label label, boolean mustReport, Set<String> reportedBy) {
    public boolean isRight() {
      return mustReport != reportedBy.isEmpty();
    }
  }

  /**
   * One distinct site the gate reported: the row its findings fall on (null when they fall on
   * none), and the findings.
   *
   * @param artifact the artifact's coordinates
   * @param row the row the site is, or null when it is unadjudicated
   * @param right true if the row is a retry the gate must report in this setting
   * @param findings the findings on the site, one or more
   */
  public record ScoredSite(String artifact, Label row, boolean right,
      List<ReportedSite> findings) {
    public boolean adjudicated() {
      return row != null;
    }

    /** The rules that reported the site. */
    public Set<String> rules() {
      return findings.stream().map(ReportedSite::rule)
          .collect(Collectors.toCollection(TreeSet::new));
    }

    /** {@code artifactId file:line}: the row's line, or the first finding's. */
    public String where() {
      return row != null ? row.site() : artifact.split(":")[1] + " "
          + findings.get(0).file() + ":" + findings.get(0).line();
    }
  }

  private final boolean jobLayerConfigured;
  private final List<Decision> decisions;
  private final List<ScoredSite> sites;

  private AccuracyScore(boolean jobLayerConfigured, List<Decision> decisions,
      List<ScoredSite> sites) {
    this.jobLayerConfigured = jobLayerConfigured;
    this.decisions = List.copyOf(decisions);
    this.sites = List.copyOf(sites);
  }

  /**
   * Scores {@code findings} (by artifact coordinates) against {@code labels}. Every artifact
   * labelled must have been scanned; every artifact scanned is scored, labelled or not.
   *
   * @param sourcesJars each artifact's sources jar, to find the statement a label's line is on
   */
  public static AccuracyScore of(boolean jobLayerConfigured, List<Label> labels,
      Map<String, List<ReportedSite>> findings, Map<String, Path> sourcesJars) {
    Map<String, List<Label>> byArtifact = labels.stream()
        .collect(Collectors.groupingBy(Label::artifact, TreeMap::new, Collectors.toList()));
    for (String artifact : byArtifact.keySet()) {
      if (!findings.containsKey(artifact) || !sourcesJars.containsKey(artifact)) {
        throw new IllegalArgumentException("no scan of " + artifact + ": every labelled"
            + " artifact must be scanned");
      }
    }
    List<Decision> decisions = new ArrayList<>();
    List<ScoredSite> sites = new ArrayList<>();
    for (String artifact : new TreeSet<>(findings.keySet())) {
      List<Label> rows = byArtifact.getOrDefault(artifact, List.of());
      Path sources = sourcesJars.get(artifact);
      if (sources == null) {
        throw new IllegalArgumentException("no sources jar for " + artifact);
      }
      try (SiteSpans spans = new SiteSpans(sources)) {
        score(jobLayerConfigured, artifact, rows, findings.get(artifact), spans, decisions,
            sites);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return new AccuracyScore(jobLayerConfigured, decisions, sites);
  }

  private static void score(boolean jobLayer, String artifact, List<Label> rows,
      List<ReportedSite> reported, SiteSpans spans, List<Decision> decisions,
      List<ScoredSite> sites) {
    Map<Label, List<ReportedSite>> onRow = new LinkedHashMap<>();
    Map<Label, SiteSpans.Span> spanOf = new LinkedHashMap<>();
    for (Label label : rows) {
      if (!spans.contains(label.file())) {
        throw new IllegalArgumentException(label.site() + ": the sources jar has no "
            + label.file());
      }
      spanOf.put(label, spans.of(label.file(), label.line()));
    }
    Map<String, List<ReportedSite>> unadjudicated = new TreeMap<>();
    for (ReportedSite finding : reported) {
      List<Label> matched = rows.stream().filter(label -> finding.isIn(label.file())
          && spanOf.get(label).holds(finding.line())).toList();
      if (matched.isEmpty()) {
        unadjudicated.computeIfAbsent(finding.file() + ":" + finding.line(),
            k -> new ArrayList<>()).add(finding);
      } else {
        onRow.computeIfAbsent(chosen(matched, jobLayer, spanOf), k -> new ArrayList<>())
            .add(finding);
      }
    }
    for (Label label : rows) {
      if (label.primary()) {
        List<ReportedSite> here = rows.stream().filter(other -> other == label
            || sameStatement(other, label, spanOf)).flatMap(other -> onRow
            .getOrDefault(other, List.of()).stream()).toList();
        decisions.add(new Decision(label, label.mustBeReported(jobLayer), here.stream()
            .map(ReportedSite::rule).collect(Collectors.toCollection(TreeSet::new))));
      }
    }
    onRow.forEach((label, found) -> sites.add(new ScoredSite(artifact, label,
        label.mustBeReported(jobLayer), List.copyOf(found))));
    unadjudicated.values().forEach(found -> sites.add(new ScoredSite(artifact, null, false,
        List.copyOf(found))));
  }

  /**
   * True if a supporting row lies on the primary row's statement: a finding there is about the
   * primary site (a row for the sleep inside a one-line retry statement, say).
   */
  private static boolean sameStatement(Label other, Label primary,
      Map<Label, SiteSpans.Span> spanOf) {
    return !other.primary() && other.file().equals(primary.file())
        && spanOf.get(primary).holds(other.line());
  }

  /**
   * The row a finding on several rows is about: the innermost statement (a loop inside a call
   * whose argument spans lines), then one the gate must report, then a primary row.
   */
  private static Label chosen(List<Label> matched, boolean jobLayer,
      Map<Label, SiteSpans.Span> spanOf) {
    return matched.stream().min(Comparator.comparingInt((Label l) -> spanOf.get(l).last()
            - spanOf.get(l).first())
        .thenComparing(l -> !l.mustBeReported(jobLayer)).thenComparing(l -> !l.primary()))
        .orElseThrow();
  }

  public boolean jobLayerConfigured() {
    return jobLayerConfigured;
  }

  public List<Decision> decisions() {
    return decisions;
  }

  /** Every distinct site reported, adjudicated or not. */
  public List<ScoredSite> sites() {
    return sites;
  }

  /** Sites on no row: someone must read them and add their rows. */
  public List<ScoredSite> unadjudicated() {
    return sites.stream().filter(site -> !site.adjudicated()).toList();
  }

  public List<Decision> misses() {
    return decisions.stream().filter(d -> d.mustReport() && !d.isRight()).toList();
  }

  /** Adjudicated sites the gate must not report: look-alike rows, primary or supporting. */
  public List<ScoredSite> falsePositives() {
    return sites.stream().filter(site -> site.adjudicated() && !site.right()).toList();
  }

  /** The same score, on the artifacts of {@code coordinates} only. */
  public AccuracyScore of(Collection<String> coordinates) {
    Set<String> kept = Set.copyOf(coordinates);
    return new AccuracyScore(jobLayerConfigured,
        decisions.stream().filter(d -> kept.contains(d.label().artifact())).toList(),
        sites.stream().filter(s -> kept.contains(s.artifact())).toList());
  }

  public Tally total() {
    return Tally.of(decisions, sites);
  }

  /**
   * Per category, in the categories' order: the primary rows of the category, and the sites
   * reported on its rows.
   */
  public Map<Category, Tally> byCategory() {
    Map<Category, Tally> tallies = new TreeMap<>();
    for (Category category : Category.values()) {
      List<Decision> of = decisions.stream().filter(d -> d.label().category() == category)
          .toList();
      List<ScoredSite> on = sites.stream().filter(s -> s.adjudicated()
          && s.row().category() == category).toList();
      if (!of.isEmpty() || !on.isEmpty()) {
        tallies.put(category, Tally.of(of, on));
      }
    }
    return tallies;
  }

  /** Per rule: the primary rows each rule reported, and the sites it reported. */
  public Map<String, Tally> byRule() {
    Set<String> rules = sites.stream().flatMap(s -> s.rules().stream())
        .collect(Collectors.toCollection(TreeSet::new));
    Map<String, Tally> tallies = new TreeMap<>();
    for (String rule : rules) {
      tallies.put(rule, Tally.of(decisions.stream().filter(d -> d.reportedBy().contains(rule))
          .toList(), sites.stream().filter(s -> s.rules().contains(rule)).toList()));
    }
    return tallies;
  }

  /**
   * Counts of a set of primary rows and reported sites.
   *
   * @param retries primary rows the gate must report
   * @param found those it reported
   * @param sites distinct sites reported and adjudicated
   * @param falsePositives those on a row the gate must not report
   * @param unadjudicated distinct sites reported on no row
   * @param findingsOnRetries findings on the rows the gate must report
   */
  public record Tally(int retries, int found, int sites, int falsePositives, int unadjudicated,
      int findingsOnRetries) {
    static Tally of(Collection<Decision> decisions, Collection<ScoredSite> reported) {
      int retries = 0;
      int found = 0;
      for (Decision d : decisions) {
        if (d.mustReport()) {
          retries++;
          found += d.isRight() ? 1 : 0;
        }
      }
      int sites = 0;
      int wrong = 0;
      int open = 0;
      int findings = 0;
      for (ScoredSite site : reported) {
        if (!site.adjudicated()) {
          open++;
        } else {
          sites++;
          wrong += site.right() ? 0 : 1;
          findings += site.right() ? site.findings().size() : 0;
        }
      }
      return new Tally(retries, found, sites, wrong, open, findings);
    }

    /** Found over retries, in percent; 100 when there is no retry to find. */
    public double recall() {
      return retries == 0 ? 100 : 100.0 * found / retries;
    }

    /** Right sites over adjudicated sites reported, in percent; 100 when nothing was. */
    public double precision() {
      return sites == 0 ? 100 : 100.0 * (sites - falsePositives) / sites;
    }

    /** Findings on retry rows per primary retry found; 0 when none was found. */
    public double findingsPerRetry() {
      return found == 0 ? 0 : (double) findingsOnRetries / found;
    }
  }
}
