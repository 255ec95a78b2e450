package dev.retryowner.errorprone;

import java.net.URISyntaxException;
import java.nio.file.Path;

/**
 * The team catalog file for the stub libraries under {@code com.acme} in the test sources, as the
 * {@code -XepOpt:RetryOwner:CatalogFiles} flag that hands it to HttpClientRetries.
 */
final class HttpClientRetriesTestCatalog {
  private HttpClientRetriesTestCatalog() {}

  static String flag() {
    try {
      Path file = Path.of(HttpClientRetriesTestCatalog.class
          .getResource("http-clients-test.catalog").toURI());
      return "-XepOpt:" + RetryOwnerFlags.CATALOG_FILES + "=" + file;
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }
}
