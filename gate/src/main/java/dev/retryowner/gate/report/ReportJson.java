package dev.retryowner.gate.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.nio.file.Path;

/**
 * How the report documents become text: Jackson, two-space indents and {@code \n} line ends on
 * every platform (so reports diff cleanly), properties without a value left out. The baseline file
 * is written the same way.
 */
public final class ReportJson {
  private static final DefaultIndenter INDENTER = new DefaultIndenter("  ", "\n");
  private static final ObjectWriter WRITER = JsonMapper.builder()
      .serializationInclusion(JsonInclude.Include.NON_NULL)
      .build()
      .writer(new DefaultPrettyPrinter()
          .withObjectIndenter(INDENTER)
          .withArrayIndenter(INDENTER)
          .withSeparators(Separators.createDefaultInstance()
              .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
              .withArrayEmptySeparator("")
              .withObjectEmptySeparator("")));

  private ReportJson() {}

  /** {@code document} as indented JSON text. */
  public static String toJson(Object document) {
    try {
      return WRITER.writeValueAsString(document);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot serialize " + document.getClass().getName(), e);
    }
  }

  /** Writes {@code document} to {@code file} in UTF-8. */
  static void write(Object document, Path file) throws IOException {
    WRITER.writeValue(file.toFile(), document);
  }
}
