package dev.retryowner.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.StringReader;
import org.junit.jupiter.api.Test;

class CatalogMethodsTest {
  @Test
  void findsMethodEntriesOfTheRuleByExactOwnerAndName() throws IOException {
    Catalog catalog = Catalog.parse("team.catalog", new StringReader("""
        @rule HandRolledRetry
        method com.acme.Clock#pause @ waits
        @rule RetryOutsideJobs
        method com.acme.Retrier#run @ retries
        """));

    CatalogMethods delays = catalog.delayCalls("HandRolledRetry");

    assertThat(delays.method("com.acme.Clock", "pause")).get()
        .extracting(CatalogEntry::reason).isEqualTo("waits");
    assertThat(delays.method("com.acme.Clock", "now")).isEmpty();
    assertThat(delays.method("com.acme.Retrier", "run")).isEmpty();
    assertThat(delays.methodNames()).containsExactly("pause");
    assertThat(catalog.delayCalls("HandRolledRetry")).isSameAs(delays);
  }

  @Test
  void resendCallsAndDelayCallsAreSeparateLists() throws IOException {
    Catalog catalog = Catalog.parse("team.catalog", new StringReader("""
        @rule HandRolledRetry
        method com.acme.Clock#pause @ waits
        resend-call com.acme.Channel#send @ sends
        """));

    CatalogMethods resends = catalog.resendCalls("HandRolledRetry");

    assertThat(resends.method("com.acme.Channel", "send")).get()
        .extracting(CatalogEntry::reason).isEqualTo("sends");
    assertThat(resends.method("com.acme.Clock", "pause")).isEmpty();
    assertThat(resends.methodNames()).containsExactly("send");
    assertThat(catalog.delayCalls("HandRolledRetry").methodNames()).containsExactly("pause");
    assertThat(catalog.resendCalls("HandRolledRetry")).isSameAs(resends);
    assertThat(catalog.forbiddenUse("HandRolledRetry").method("com.acme.Channel", "send"))
        .as("a single call is no violation").isEmpty();
  }

  @Test
  void theBundledCatalogListsTheJdkAndGuavaDelayCalls() {
    CatalogMethods delays = Catalog.bundled().delayCalls("HandRolledRetry");

    assertThat(delays.method("java.lang.Thread", "sleep")).isPresent();
    assertThat(delays.method("java.util.concurrent.ScheduledExecutorService", "schedule"))
        .isPresent();
    assertThat(delays.method("com.google.common.util.concurrent.Uninterruptibles",
        "sleepUninterruptibly")).isPresent();
    assertThat(delays.method("java.lang.Thread", "start")).isEmpty();
  }

  @Test
  void theBundledCatalogListsOkHttpsChainProceedAsAResendCall() {
    CatalogMethods resends = Catalog.bundled().resendCalls("HandRolledRetry");

    assertThat(resends.method("okhttp3.Interceptor$Chain", "proceed")).isPresent();
    assertThat(resends.methodNames()).containsExactly("proceed");
  }
}
