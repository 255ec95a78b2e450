package dev.retryowner.maven;

import static org.assertj.core.api.Assertions.assertThat;

import dev.retryowner.fixtures.HeadlessChromium;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The HTML report of the legacy example, as the invoker's {@code examples} run left it, opened
 * from the file system in a real headless Chromium: each of the three retry layers is there under
 * its rule with its source line marked, and a rule link opens the rule's page written beside the
 * report. Screenshots go to target/report-screenshots/.
 */
class LegacyReportBrowserIT {
  private static final Path REPORT = Path.of(System.getProperty("legacy.report",
      "target/it-examples/legacy-app/target/retry-owner/retry-owner.html"));
  private static final Path SCREENSHOTS = Path.of("target", "report-screenshots");
  private static final Duration PATIENCE = Duration.ofSeconds(20);

  private WebDriver browser;

  @BeforeEach
  void start() throws Exception {
    assertThat(REPORT).as("the legacy example's report, written by the invoker's examples run")
        .isRegularFile();
    browser = HeadlessChromium.start();
  }

  @AfterEach
  void stop() {
    if (browser != null) {
      browser.quit();
    }
  }

  @Test
  void theReportShowsEachRetryLayerAndLinksToTheRulePages() throws Exception {
    browser.get(REPORT.toUri().toString());
    new WebDriverWait(browser, PATIENCE).until(
        ExpectedConditions.presenceOfElementLocated(By.id("violations")));

    assertThat(browser.findElement(By.id("count-violations")).getText()).isEqualTo("6");
    assertThat(filesUnder("violations-RetryOutsideJobs"))
        .containsExactly("src/main/java/com/example/booking/infra/background/BackgroundTasks.java");
    assertThat(filesUnder("violations-HttpClientRetries"))
        .containsExactly("src/main/java/com/example/booking/infra/http/HttpClientFactory.java");
    assertThat(filesUnder("violations-HandRolledRetry")).contains(
        "src/main/java/com/example/booking/notify/NotifyPolicy.java",
        "src/main/java/com/example/booking/infra/http/RetryServerErrorsInterceptor.java");
    WebElement notifyLoop = browser.findElement(By.cssSelector(
        "#violations-HandRolledRetry article.finding[data-line='18']"));
    assertThat(notifyLoop.findElement(By.tagName("mark")).getText())
        .contains("18", "for (int attempt = 1; ; attempt++)");
    assertThat(notifyLoop.findElement(By.className("fix")).getText()).startsWith("fix: ");
    WebElement worstPath = browser.findElement(By.cssSelector("#amplification article.path"));
    assertThat(worstPath.findElement(By.tagName("p")).getText())
        .startsWith("27 request(s) on one failure (3 × 3 × 3) from BookingService.book");
    assertThat(worstPath.findElements(By.cssSelector("tr.retries td.attempts")))
        .extracting(WebElement::getText).containsExactly("×3", "×3", "×3");
    HeadlessChromium.screenshot(browser, SCREENSHOTS, "1-legacy-report");

    browser.findElement(By.cssSelector("#violations-HandRolledRetry a.rule-page")).click();
    new WebDriverWait(browser, PATIENCE).until(
        ExpectedConditions.urlContains("/rules/HandRolledRetry.md"));
    assertThat(browser.findElement(By.tagName("body")).getText()).contains("# HandRolledRetry");
    assertThat(REPORT.resolveSibling("rules/HandRolledRetry.md")).isRegularFile();
    assertThat(Files.size(REPORT)).isPositive();
    HeadlessChromium.screenshot(browser, SCREENSHOTS, "2-rule-page");
  }

  private List<String> filesUnder(String ruleSection) {
    return browser.findElements(By.cssSelector("#" + ruleSection + " h4.file")).stream()
        .map(WebElement::getText).toList();
  }
}
