package dev.retryowner.maven;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.retryowner.gate.custom.TestRuleProviders;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Teams' own rules, found on the plugin's class loader, in a check run over the fixtures. */
class CustomRulesMojoTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String SLEEP_SOURCE = "fixtures/sleepinrequestpath/web/CheckoutHandler.java";

  @TempDir Path temp;
  private final CapturingLog log = new CapturingLog();

  private CheckMojo mojoWithRules(String... cases) {
    CheckMojo mojo = FixtureMojos.onFixtures(new CheckMojo(), log, temp.resolve("retry-owner"));
    mojo.customRuleLoader = TestRuleProviders.loader(cases);
    return mojo;
  }

  @Test
  void aCustomRuleFailsTheBuildAndIsReportedLikeABuiltInOne() throws Exception {
    CheckMojo mojo = mojoWithRules("sleep");

    assertThatThrownBy(mojo::execute).isInstanceOf(MojoFailureException.class)
        .hasMessageContaining("NoThreadSleep");
    assertThat(log.infos).anyMatch(l -> l.startsWith("retry-owner: custom rule NoThreadSleep ("
        + TestRuleProviders.SleepRules.class.getName() + " from file:"));
    assertThat(log.errors)
        .anyMatch(l -> l.startsWith("NoThreadSleep: ") && l.endsWith("(CheckoutHandler.java:"
            + lineOf(log.errors, "NoThreadSleep: ", "CheckoutHandler.java") + ")"))
        .contains("    fix: Let the job layer wait: snooze the job instead of sleeping.",
            "    see: " + TestRuleProviders.SLEEP_DOCS);

    JsonNode run = JSON.readTree(temp.resolve("retry-owner/retry-owner.sarif").toFile())
        .at("/runs/0");
    List<String> ruleIds = new ArrayList<>();
    run.at("/tool/driver/rules").forEach(rule -> ruleIds.add(rule.get("id").asText()));
    int index = ruleIds.indexOf("NoThreadSleep");
    JsonNode rule = run.at("/tool/driver/rules/" + index);
    assertThat(index).isEqualTo(ruleIds.size() - 1);
    assertThat(rule.at("/shortDescription/text").asText())
        .isEqualTo("no classes should call method Thread.sleep(long)");
    assertThat(rule.at("/helpUri").asText()).isEqualTo(TestRuleProviders.SLEEP_DOCS);
    assertThat(rule.at("/help/text").asText()).contains(TestRuleProviders.SLEEP_DOCS);
    List<JsonNode> sleeps = new ArrayList<>();
    run.at("/results").forEach(r -> {
      if (r.get("ruleId").asText().equals("NoThreadSleep")) {
        sleeps.add(r);
      }
    });
    assertThat(sleeps).isNotEmpty().allSatisfy(r -> {
      assertThat(r.get("ruleIndex").asInt()).isEqualTo(index);
      assertThat(r.at("/locations/0/physicalLocation/region/startLine").asInt()).isPositive();
    });
    assertThat(sleeps).anySatisfy(r -> assertThat(
        r.at("/locations/0/physicalLocation/artifactLocation/uri").asText())
        .endsWith(SLEEP_SOURCE));

    JsonNode json = JSON.readTree(temp.resolve("retry-owner/retry-owner.json").toFile());
    List<JsonNode> jsonSleeps = new ArrayList<>();
    json.get("violations").forEach(v -> {
      if (v.get("rule").asText().equals("NoThreadSleep")) {
        jsonSleeps.add(v);
      }
    });
    assertThat(jsonSleeps).hasSameSizeAs(sleeps)
        .allSatisfy(v -> assertThat(v.get("docs").asText()).isEqualTo(TestRuleProviders.SLEEP_DOCS));
  }

  @Test
  void aDisabledCustomRuleDoesNotRun() {
    CheckMojo mojo = mojoWithRules("sleep");
    mojo.disableRules = List.of("NoThreadSleep");

    assertThatThrownBy(mojo::execute).isInstanceOf(MojoFailureException.class)
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("NoThreadSleep"));
    assertThat(log.infos).contains("retry-owner: custom rules off (disableRules): NoThreadSleep");
    assertThat(log.errors).noneMatch(l -> l.startsWith("NoThreadSleep"));
  }

  @Test
  void aCustomRuleNamedLikeABuiltInOneIsAConfigurationError() {
    CheckMojo mojo = mojoWithRules("built-in-name");

    assertThatThrownBy(mojo::execute).isInstanceOf(MojoExecutionException.class)
        .hasMessageContaining("the custom rule RetryOutsideJobs ("
            + TestRuleProviders.BuiltInNameRules.class.getName())
        .hasMessageContaining("has the name of a built-in retry-owner rule");
  }

  /** The line in the first log line that starts with {@code prefix} and names {@code file}. */
  private static String lineOf(List<String> lines, String prefix, String file) {
    String line = lines.stream().filter(l -> l.startsWith(prefix) && l.contains(file))
        .findFirst().orElseThrow();
    return line.substring(line.lastIndexOf(':') + 1, line.length() - 1);
  }
}
