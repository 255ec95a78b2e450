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
 * it implements (through ArchUnit or its source checks), on every fixture.
 */
class GateParityTest {
  @Test
  void pluginReportsExactlyTheExpectedFindingsOnAllFixtures() throws GateException {
    Set<String> rules = RuleRegistry.all().stream()
        .filter(r -> r.isImplementedBy(Engine.ARCHUNIT) || r.isImplementedBy(Engine.SOURCE))
        .map(RuleDescriptor::name).collect(Collectors.toSet());
    Set<ExpectedFinding> expected = Fixtures.expected(rules);

    GateResult result = new GateRunner().run(FixtureGate.request());
    Set<ExpectedFinding> reported = result.findings().stream()
        .map(f -> new ExpectedFinding(f.rule(), f.sourcePath(), f.line()))
        .collect(Collectors.toCollection(TreeSet::new));

    Set<ExpectedFinding> missing = new TreeSet<>(expected);
    missing.removeAll(reported);
    Set<ExpectedFinding> unexpected = new TreeSet<>(reported);
    unexpected.removeAll(expected);
    assertThat(expected).as("the fixtures expect findings").isNotEmpty();
    assertThat(missing).as("expected but not reported").isEmpty();
    assertThat(unexpected).as("reported but not expected").isEmpty();
  }
}
