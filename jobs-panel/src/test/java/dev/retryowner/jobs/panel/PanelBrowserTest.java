package dev.retryowner.jobs.panel;

import static org.assertj.core.api.Assertions.assertThat;

import dev.retryowner.fixtures.HeadlessChromium;
import dev.retryowner.jobs.Backoff;
import dev.retryowner.jobs.Discard;
import dev.retryowner.jobs.JobKind;
import dev.retryowner.jobs.JobRecord;
import dev.retryowner.jobs.JobState;
import dev.retryowner.jobs.Jobs;
import dev.retryowner.jobs.RetryPolicy;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The operator's flow in a real headless Chromium (Debian's chromium and chromium-driver, never a
 * downloaded browser): open the overview, filter to discarded, open the job, click retry, and see
 * the runtime's workers run it to completion. Screenshots go to target/panel-screenshots/.
 */
class PanelBrowserTest {
  private static final Path SCREENSHOTS = Path.of("target", "panel-screenshots");
  private static final Duration PATIENCE = Duration.ofSeconds(20);

  private final AtomicInteger renderAttempts = new AtomicInteger();
  private final CountDownLatch reportExhausted = new CountDownLatch(1);
  private final JobKind render = JobKind.builder("report.render").queue("reports")
      .retryPolicy(RetryPolicy.of(1, Backoff.defaultBackoff())).build();
  private final JobKind deliver = JobKind.builder("webhook.deliver").queue("webhooks")
      .retryPolicy(RetryPolicy.of(18, Backoff.svix())).build();
  private final JobKind cleanup = JobKind.builder("sessions.cleanup").periodic(Duration.ofHours(1))
      .build();
  private Jobs jobs;
  private PanelServer panel;
  private WebDriver browser;

  @BeforeEach
  void start() throws IOException {
    jobs = Jobs.builder()
        .queue("reports", 1).queue("webhooks", 2).queue("default", 1)
        .pollInterval(Duration.ofMillis(100))
        .register(render, job -> {
          if (renderAttempts.incrementAndGet() == 1) {
            throw new IllegalStateException("template " + job.arg("template") + " not found");
          }
        })
        .register(deliver, job -> {
          throw Discard.because("HTTP 410 Gone from endpoint " + job.arg("endpoint"));
        })
        .register(cleanup, job -> { })
        .alertHook(job -> reportExhausted.countDown())
        .build();
    jobs.start();
    panel = PanelServer.builder(jobs.inspector()).port(0).start();
    browser = HeadlessChromium.start();
  }

  @AfterEach
  void stop() {
    if (browser != null) {
      browser.quit();
    }
    if (panel != null) {
      panel.close();
    }
    if (jobs != null) {
      jobs.shutdown(Duration.ofSeconds(5));
    }
  }

  @Test
  void filterToDiscardedOpenTheJobRetryItAndSeeItComplete() throws Exception {
    jobs.enqueue(deliver, Map.of("endpoint", "7", "event", "<script>alert(1)</script>"));
    long report = jobs.enqueue(render, Map.of("template", "monthly-invoice"));
    assertThat(reportExhausted.await(PATIENCE.toSeconds(), TimeUnit.SECONDS))
        .as("the report's one attempt failed and was discarded").isTrue();

    browser.get(panel.uri().toString());
    assertThat(browser.findElement(By.id("overview")).getText())
        .contains("report.render", "webhook.deliver", "sessions.cleanup");
    screenshot("1-overview");

    browser.findElement(By.linkText("Jobs")).click();
    new WebDriverWait(browser, PATIENCE).until(ExpectedConditions.urlContains("/jobs"));
    new Select(browser.findElement(By.id("filter-state"))).selectByValue("discarded");
    browser.findElement(By.id("apply-filter")).click();
    new WebDriverWait(browser, PATIENCE).until(ExpectedConditions.urlContains("state=discarded"));
    assertThat(browser.findElement(By.id("jobs")).getText())
        .contains("report.render", "template monthly-invoice not found")
        .doesNotContain("completed");
    screenshot("2-discarded");

    browser.findElement(By.cssSelector("a.job[href='/jobs/" + report + "']")).click();
    new WebDriverWait(browser, PATIENCE).until(ExpectedConditions.urlContains("/jobs/" + report));
    assertThat(browser.findElement(By.id("state")).getText()).isEqualTo("discarded");
    assertThat(browser.findElement(By.id("errors")).getText())
        .contains("java.lang.IllegalStateException: template monthly-invoice not found");
    screenshot("3-job-discarded");

    browser.findElement(By.id("retry")).click();
    new WebDriverWait(browser, PATIENCE).until(
        ExpectedConditions.textToBe(By.id("state"), "completed"));
    assertThat(browser.findElement(By.id("decision")).getText()).contains("Completed on attempt 2");
    Path finalShot = screenshot("4-job-completed");

    JobRecord completed = jobs.inspector().get(report).orElseThrow();
    assertThat(completed.state()).isEqualTo(JobState.COMPLETED);
    assertThat(completed.errors()).hasSize(1);
    assertThat(renderAttempts).hasValue(2);
    assertThat(finalShot).isNotEmptyFile();
  }

  private Path screenshot(String name) throws IOException {
    return HeadlessChromium.screenshot(browser, SCREENSHOTS, name);
  }
}
