package dev.retryowner.gate.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.retryowner.catalog.RuleDescriptor;
import dev.retryowner.catalog.RuleRegistry;
import org.junit.jupiter.api.Test;

class ToolInfoTest {
  @Test
  void theBundledInfoCarriesTheVersionAndNoInventedLinks() {
    ToolInfo tool = ToolInfo.bundled();

    assertThat(tool.version()).matches("\\d+\\.\\d+\\.\\d+(-SNAPSHOT)?");
    assertThat(tool.informationUri()).isEmpty();
    assertThat(tool.absoluteDocsUrl(RuleRegistry.HAND_ROLLED_RETRY)).isEmpty();
    assertThat(tool.docsUrl(RuleRegistry.HAND_ROLLED_RETRY))
        .isEqualTo("docs/rules/HandRolledRetry.md");
  }

  @Test
  void aBuildThatNamesASiteGetsAbsoluteLinks() {
    ToolInfo tool = new ToolInfo("1.0.0", "https://example.test/ro", "https://example.test/ro/");

    assertThat(tool.informationUri()).contains("https://example.test/ro");
    assertThat(tool.absoluteDocsUrl(RuleRegistry.HAND_ROLLED_RETRY))
        .contains("https://example.test/ro/docs/rules/HandRolledRetry.md");
  }

  @Test
  void aTeamRuleLinksItsOwnDocumentationWhateverTheBuildNames() {
    ToolInfo site = new ToolInfo("1.0.0", "https://example.test/ro", "https://example.test/ro/");
    RuleDescriptor linked = RuleDescriptor.teamRule("NoSystemExit", "summary", "fix",
        "https://wiki.acme.test/NoSystemExit");
    RuleDescriptor path = RuleDescriptor.teamRule("NoSystemExit", "summary", "fix",
        "docs/arch/NoSystemExit.md");

    assertThat(site.docsUrl(linked)).isEqualTo("https://wiki.acme.test/NoSystemExit");
    assertThat(site.absoluteDocsUrl(linked)).contains("https://wiki.acme.test/NoSystemExit");
    assertThat(site.docsUrl(path)).isEqualTo("docs/arch/NoSystemExit.md");
    assertThat(site.absoluteDocsUrl(path)).isEmpty();
  }

  @Test
  void pagesWrittenBesideTheReportsAreTheLinkUnlessASiteIsNamed() {
    ToolInfo local = ToolInfo.bundled().withLocalPages("target/retry-owner/rules");
    ToolInfo site = new ToolInfo("1.0.0", "https://example.test/ro", "https://example.test/ro/")
        .withLocalPages("target/retry-owner/rules");

    assertThat(local.docsUrl(RuleRegistry.HAND_ROLLED_RETRY))
        .isEqualTo("target/retry-owner/rules/HandRolledRetry.md");
    assertThat(local.absoluteDocsUrl(RuleRegistry.HAND_ROLLED_RETRY)).isEmpty();
    assertThat(site.docsUrl(RuleRegistry.HAND_ROLLED_RETRY))
        .isEqualTo("https://example.test/ro/docs/rules/HandRolledRetry.md");
  }
}
