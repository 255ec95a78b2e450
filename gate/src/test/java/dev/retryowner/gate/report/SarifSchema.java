package dev.retryowner.gate.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * The official SARIF 2.1.0 schema (OASIS errata 01, a test resource) and a JSON-schema validator
 * that also asserts {@code format}s, so a relative {@code helpUri} fails as the spec says.
 */
final class SarifSchema {
  private static final String RESOURCE = "/sarif-schema-2.1.0.json";
  private static final Schema SCHEMA = load();

  private SarifSchema() {}

  /** The schema's complaints about {@code sarif}, each with where and what; empty when valid. */
  static List<String> problems(String sarif) {
    return SCHEMA.validate(sarif, InputFormat.JSON).stream()
        .map(Error::toString).toList();
  }

  /** The schema's {@code id}, which a SARIF log names as its {@code $schema}. */
  static String id() {
    return SCHEMA.getSchemaNode().get("id").asText();
  }

  private static Schema load() {
    SchemaRegistry registry = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_4,
        builder -> builder.schemaRegistryConfig(
            SchemaRegistryConfig.builder().formatAssertionsEnabled(true).build()));
    try (InputStream in = SarifSchema.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException(RESOURCE + " is missing from the test resources");
      }
      return registry.getSchema(new ObjectMapper().readTree(in));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
