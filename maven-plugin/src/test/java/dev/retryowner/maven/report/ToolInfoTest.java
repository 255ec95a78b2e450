package dev.retryowner.maven.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.retryowner.catalog.RuleRegistry;
import org.junit.jupiter.api.Test;

class ToolInfoTest {
  @Test
  void theBundledInfoCarriesTheVersionAndLinksTheBuildFilledIn() {
    ToolInfo tool = ToolInfo.bundled();

    assertThat(tool.version()).matches("\\d+\\.\\d+\\.\\d+(-SNAPSHOT)?");
    assertThat(tool.homepage()).startsWith("https://").doesNotContain("${");
    assertThat(tool.docsUrl(RuleRegistry.HAND_ROLLED_RETRY))
        .startsWith(tool.homepage() + "/").endsWith("/docs/rules/HandRolledRetry.md");
  }
}
