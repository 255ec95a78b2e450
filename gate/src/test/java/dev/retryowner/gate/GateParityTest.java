package dev.retryowner.gate;

import dev.retryowner.gate.GateException;
import dev.retryowner.gate.GateResult;
import dev.retryowner.gate.GateRunner;
import static org.assertj.core.api.Assertions.assertThat;

import dev.retryowner.catalog.Engine;
import dev.retryowner.catalog.RuleDescriptor;
import dev.retryowner.catalog.RuleRegistry;
import dev.retryowner.fixtures.ExpectedFinding;
import dev.retryowner.fixtures.Fixtures;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * A gate run reports exactly what the fixtures' {@code // expect:} markers demand, for every rule
 * it implements (through ArchUnit or its source checks), on every fixture: one finding a retry,
 * where the markers without {@code (related)} are, and the other places of each retry, marked
 * {@code (related)}, as the related places of those findings.
 */
class GateParityTest {
  @Test
  void pluginReportsExactlyTheExpectedFindingsOnAllFixtures() throws GateException {
    Set<String> rules = RuleRegistry.all().stream()
        .filter(r -> r.isImplementedBy(Engine.ARCHUNIT) || r.isImplementedBy(Engine.SOURCE))
        .map(RuleDescriptor::name).collect(Collectors.toSet());

    GateResult result = new GateRunner().run(FixtureGate.request());
    Set<ExpectedFinding> reported = result.findings().stream()
        .map(f -> new ExpectedFinding(f.rule(), f.sourcePath(), f.line()))
        .collect(Collectors.toCollection(TreeSet::new));
    Set<ExpectedFinding> related = result.findings().stream()
        .flatMap(f -> f.related().stream()
            .map(place -> new ExpectedFinding(f.rule(), place.sourcePath(), place.line())))
        .collect(Collectors.toCollection(TreeSet::new));

    assertSame("findings", Fixtures.expectedOfTheGate(rules, false), reported);
    assertSame("related places", Fixtures.expectedOfTheGate(rules, true), related);
  }

  private static void assertSame(String what, Set<ExpectedFinding> expected,
      Set<ExpectedFinding> reported) {
    Set<ExpectedFinding> missing = new TreeSet<>(expected);
    missing.removeAll(reported);
    Set<ExpectedFinding> unexpected = new TreeSet<>(reported);
    unexpected.removeAll(expected);
    assertThat(expected).as("the fixtures expect " + what).isNotEmpty();
    // Names the unexpected ones too: a finding on another line shows up in both.
    assertThat(missing).as(what + " expected but not reported (reported but not expected: "
        + unexpected + ")").isEmpty();
    assertThat(unexpected).as(what + " reported but not expected").isEmpty();
  }
}
