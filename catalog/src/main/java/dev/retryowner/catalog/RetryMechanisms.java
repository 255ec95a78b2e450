package dev.retryowner.catalog;

import dev.retryowner.catalog.Finding.Part;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * One retry, one finding. The uses of a library's retry in one class (a field of its type, the
 * builder that configures it, the call that runs work under it) are one mechanism: it is reported
 * once, where it runs or, when nothing runs it there, where it is switched on, with the other
 * uses as related places. Other rules report each finding alone.
 *
 * <ul>
 *   <li>Each use that runs work ({@link Part#RUNS}: a call handed the work, a retry operator, an
 *       annotated method) is a finding; the uses that set the retry up or declare it in the same
 *       member are its related places, and so are those of members that run nothing (fields,
 *       constructors that build it), for every finding of the class.
 *   <li>Where nothing runs, each member that sets the retry up ({@link Part#SETS_UP}: builds,
 *       configures, constructs, implements) is one finding at its last such use, the later
 *       statement being the one that switches the retry on, with the member's declarations as
 *       related places, and the class's other declarations too.
 *   <li>Declarations alone (a parameter, a field, a return type of the retry's type) switch
 *       nothing on: they are no finding.
 * </ul>
 */
public final class RetryMechanisms {
  private RetryMechanisms() {}

  /**
   * The findings as reported: those of the rules {@code grouped} one per mechanism, the others
   * unchanged, in the order given.
   *
   * @param libraryOf the catalog library a finding's target belongs to, if the catalog knows it
   */
  public static List<Finding> of(List<Finding> findings, Predicate<String> grouped,
      Function<Finding, Optional<String>> libraryOf) {
    Map<List<String>, List<Finding>> mechanisms = new LinkedHashMap<>();
    List<Finding> reported = new ArrayList<>();
    for (Finding finding : findings) {
      if (grouped.test(finding.rule())) {
        mechanisms.computeIfAbsent(List.of(finding.rule(), topLevel(finding.className()),
            finding.sourcePath(), libraryOf.apply(finding).orElse(finding.target())),
            key -> new ArrayList<>()).add(finding);
      } else {
        reported.add(finding);
      }
    }
    mechanisms.values().forEach(uses -> reported.addAll(reportedOf(uses)));
    return reported;
  }

  /** The findings of one library's uses in one class. */
  private static List<Finding> reportedOf(List<Finding> uses) {
    List<Finding> runs = uses.stream().filter(use -> use.part() == Part.RUNS).toList();
    if (!runs.isEmpty()) {
      return anchored(oneALine(runs), uses);
    }
    Map<String, List<Finding>> setUpByMember = uses.stream()
        .filter(use -> use.part() == Part.SETS_UP)
        .collect(Collectors.groupingBy(Finding::member, LinkedHashMap::new,
            Collectors.toList()));
    List<Finding> switches = setUpByMember.values().stream()
        .map(setUp -> setUp.stream().max(Comparator.comparingInt(Finding::line)).orElseThrow())
        .toList();
    return anchored(switches, uses);
  }

  /** The first use on each line; one statement is one finding. */
  private static List<Finding> oneALine(List<Finding> uses) {
    Map<Integer, Finding> byLine = new LinkedHashMap<>();
    uses.forEach(use -> byLine.putIfAbsent(use.line(), use));
    return List.copyOf(byLine.values());
  }

  /**
   * Each anchor with its related places: the other uses of its member, and the uses of members
   * that hold no anchor, never a line that is itself reported.
   */
  private static List<Finding> anchored(List<Finding> anchors, List<Finding> uses) {
    List<String> anchoredMembers = anchors.stream().map(Finding::member).toList();
    List<Finding> reported = new ArrayList<>();
    for (Finding anchor : anchors) {
      List<RelatedLocation> related = uses.stream()
          .filter(use -> anchors.stream().noneMatch(other -> other.line() == use.line()))
          .filter(use -> use.member().equals(anchor.member())
              || !anchoredMembers.contains(use.member()))
          .sorted(Comparator.comparingInt(Finding::line))
          .map(Finding::asRelated).distinct().toList();
      reported.add(anchor.withRelated(related));
    }
    return reported;
  }

  /** {@code a.B} of {@code a.B$C$1}: a class's nest is one place of code. */
  private static String topLevel(String className) {
    int nested = className.indexOf('$', className.lastIndexOf('.') + 1);
    return nested < 0 ? className : className.substring(0, nested);
  }
}
