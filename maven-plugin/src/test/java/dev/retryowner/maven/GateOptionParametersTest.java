package dev.retryowner.maven;

import static org.assertj.core.api.Assertions.assertThat;

import dev.retryowner.gate.GateOption;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every goal that runs the gate offers each of the gate's settings ({@link GateOption}, which
 * the command line builds its options from) as a parameter of the same name, user property and
 * default, so that the front ends cannot drift apart. A default the goals take from the POM
 * ({@code ${project.build.sourceEncoding}}) is the POM's; a file's lies in the project.
 */
class GateOptionParametersTest {
  @Test
  void everyCheckingGoalHasEveryGateSetting() throws Exception {
    Map<String, Map<String, PluginDescriptor.Parameter>> goals = PluginDescriptor.goals();

    for (String goal : new String[] {"check", "testCheck", "scan"}) {
      Map<String, PluginDescriptor.Parameter> parameters = goals.get(goal);
      assertThat(parameters).as(goal).isNotNull();
      for (GateOption option : GateOption.values()) {
        PluginDescriptor.Parameter parameter = parameters.get(option.parameter());
        assertThat(parameter).as("%s has <%s>", goal, option.parameter()).isNotNull();
        assertThat(parameter.property()).as("%s's %s", goal, option.parameter())
            .isEqualTo(option.property());
        String expected = option.defaultValue()
            .map(value -> option.kind() == GateOption.Kind.PATH
                ? "${project.basedir}/" + value : value)
            .orElse(parameter.defaultValue().startsWith("${") ? parameter.defaultValue() : "");
        assertThat(parameter.defaultValue()).as("%s's %s default", goal, option.parameter())
            .isEqualTo(expected);
      }
    }
  }

  @Test
  void optionsAreTheParametersInKebabCase() {
    assertThat(GateOption.JOBS_PACKAGES.option()).isEqualTo("--jobs-packages");
    assertThat(GateOption.BASELINE_STRICT.option()).isEqualTo("--baseline-strict");
    assertThat(GateOption.BASELINE_STRICT.property()).isEqualTo("retryowner.baseline.strict");
  }
}
