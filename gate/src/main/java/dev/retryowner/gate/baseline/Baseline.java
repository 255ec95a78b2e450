package dev.retryowner.gate.baseline;

import dev.retryowner.catalog.Finding;
import dev.retryowner.gate.GateResult;
import dev.retryowner.gate.Violation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * The violations a legacy codebase already has, accepted so that only new ones fail the build.
 * Entries name no lines, so code moving around does not change them.
 *
 * @param entries the entries in file order, each key once: entries with the same key (e.g. after
 *     a hand-resolved merge) are one entry with their counts added
 */
public record Baseline(List<BaselineEntry> entries) {
  public Baseline {
    Map<BaselineKey, BaselineEntry> byKey = new LinkedHashMap<>();
    for (BaselineEntry entry : entries) {
      byKey.merge(entry.key(), entry,
          (known, same) -> known.withCount(known.count() + same.count()));
    }
    entries = byKey.values().stream().sorted(BaselineEntry.FILE_ORDER).toList();
  }

  /** The baseline that accepts exactly {@code findings}. */
  public static Baseline of(List<Finding> findings) {
    return new Baseline(findings.stream().map(finding -> {
      BaselineKey key = BaselineKey.of(finding);
      return new BaselineEntry(key.rule(), key.className(), key.member(),
          BaselineKey.stableMessage(finding.message()), key.fingerprint(), 1);
    }).toList());
  }

  /**
   * Sorts the result's violations into baselined and new ones. A violation is baselined when
   * every finding on its line matches an entry; an entry matches up to {@code count} findings,
   * taken in file and line order, so when a key occurs more often than accepted the later
   * occurrences are the new ones.
   */
  public BaselineVerdict judge(GateResult result) {
    return judge(result, className -> true);
  }

  /**
   * As {@link #judge(GateResult)}, for a run that checked only the classes {@code checked}
   * selects ({@code includes}/{@code excludes}): an entry of a class the run did not check is out
   * of its scope, not stale.
   */
  public BaselineVerdict judge(GateResult result, Predicate<String> checked) {
    Map<BaselineKey, Integer> unmatched = new HashMap<>();
    Map<BaselineKey, List<BaselineKey>> byLooseKey = new HashMap<>();
    entries.forEach(entry -> {
      unmatched.put(entry.key(), entry.count());
      byLooseKey.computeIfAbsent(entry.key().loose(), k -> new ArrayList<>()).add(entry.key());
    });
    Set<Finding> accepted = new HashSet<>();
    for (Finding finding : result.findings()) {
      List<BaselineKey> exact = List.of(BaselineKey.of(finding), BaselineKey.legacyOf(finding));
      // An entry written before member types were spelled in full, or names of locals left out.
      List<BaselineKey> older = exact.stream()
          .flatMap(key -> byLooseKey.getOrDefault(key.loose(), List.of()).stream()).toList();
      Optional<BaselineKey> key = Stream.concat(exact.stream(), older.stream())
          .filter(candidate -> unmatched.getOrDefault(candidate, 0) > 0).findFirst();
      key.ifPresent(matched -> {
        accepted.add(finding);
        unmatched.merge(matched, -1, Integer::sum);
      });
    }
    List<Violation> fresh = new ArrayList<>();
    List<Violation> baselined = new ArrayList<>();
    for (Violation violation : result.violations()) {
      (accepted.containsAll(violation.findings()) ? baselined : fresh).add(violation);
    }
    List<BaselineVerdict.Leftover> leftovers = entries.stream()
        .filter(entry -> unmatched.get(entry.key()) > 0 && checked.test(entry.className()))
        .map(entry -> new BaselineVerdict.Leftover(entry, unmatched.get(entry.key())))
        .toList();
    return new BaselineVerdict(true, fresh, baselined, leftovers);
  }
}
