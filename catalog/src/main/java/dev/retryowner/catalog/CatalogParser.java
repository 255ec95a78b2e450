package dev.retryowner.catalog;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Reads the plain catalog format, one entry a line, the way forbidden-apis signature files read:
 *
 * <pre>
 * # a comment
 * &#64;rule RetryOutsideJobs
 * &#64;library resilience4j-retry 2.4.0
 * type io.github.resilience4j.retry.Retry @ decorates calls with retries
 * constructor java.lang.Thread @ starts a thread nobody shuts down
 * method reactor.core.publisher.Mono#retry @ re-subscribes after an error
 * annotation org.eclipse.microprofile.faulttolerance.Retry @ retries the annotated method
 * scope-annotation org.springframework.stereotype.Controller @ a visitor waits on its methods
 * scope-type jakarta.servlet.Servlet @ a visitor waits on its service method
 * resend-call okhttp3.Interceptor$Chain#proceed @ sends the request down the chain
 * </pre>
 *
 * <p>Every entry needs a reason after {@code " @ "}. Names are binary names ({@code Outer$Inner}).
 */
final class CatalogParser {
  private static final String REASON_SEPARATOR = " @ ";
  private static final Pattern BINARY_NAME =
      Pattern.compile("[\\p{javaJavaIdentifierStart}][\\p{javaJavaIdentifierPart}]*"
          + "(\\.[\\p{javaJavaIdentifierStart}][\\p{javaJavaIdentifierPart}]*)+");
  private static final Pattern METHOD_NAME =
      Pattern.compile("[\\p{javaJavaIdentifierStart}][\\p{javaJavaIdentifierPart}]*");

  private final String file;
  private final List<CatalogEntry> entries = new ArrayList<>();
  private final Map<String, Integer> lineOfTarget = new HashMap<>();
  private String rule;
  private String library = "";
  private int lineNumber;

  private CatalogParser(String file) {
    this.file = file;
  }

  static List<CatalogEntry> parse(String file, Reader reader) throws IOException {
    CatalogParser parser = new CatalogParser(file);
    BufferedReader lines = new BufferedReader(reader);
    for (String line = lines.readLine(); line != null; line = lines.readLine()) {
      parser.lineNumber++;
      parser.parseLine(line.strip());
    }
    return List.copyOf(parser.entries);
  }

  private void parseLine(String line) {
    if (line.isEmpty() || line.startsWith("#")) {
      return;
    }
    if (line.startsWith("@")) {
      parseDirective(line);
    } else {
      parseEntry(line);
    }
  }

  private void parseDirective(String line) {
    String[] parts = line.split("\\s+", 2);
    String value = parts.length > 1 ? parts[1].strip() : "";
    switch (parts[0]) {
      case "@rule" -> {
        if (RuleRegistry.byName(value).isEmpty()) {
          throw error("unknown rule '" + value + "'; known rules: " + RuleRegistry.names());
        }
        rule = value;
      }
      case "@library" -> {
        if (value.isEmpty()) {
          throw error("@library needs a label, e.g. '@library resilience4j-retry 2.4.0'");
        }
        library = value;
      }
      default -> throw error("unknown directive '" + parts[0] + "'; expected @rule or @library");
    }
  }

  private void parseEntry(String line) {
    // Lines arrive stripped, so an entry ending in " @" (reason left out) needs the pad to match.
    String padded = line + " ";
    int separator = padded.indexOf(REASON_SEPARATOR);
    if (separator < 0) {
      throw error("missing reason: end the entry with ' @ <why it is listed>'");
    }
    String reason = padded.substring(separator + REASON_SEPARATOR.length()).strip();
    if (reason.isEmpty()) {
      throw error("empty reason after ' @ ': say why the entry is listed");
    }
    String[] words = line.substring(0, separator).strip().split("\\s+");
    if (words.length != 2) {
      throw error("expected '<kind> <target> @ <reason>' but found " + words.length + " word(s)"
          + " before ' @ '");
    }
    EntryKind kind = EntryKind.ofKeyword(words[0])
        .orElseThrow(() -> error("unknown kind '" + words[0] + "'; expected one of "
            + EntryKind.keywords()));
    if (rule == null) {
      throw error("entry before any '@rule <RuleName>' line: say which rule it feeds");
    }
    String target = words[1];
    String typeName = target;
    String memberName = "";
    int hash = target.indexOf('#');
    if (kind.namesMethod()) {
      if (hash < 0) {
        throw error("a " + kind.keyword() + " entry names 'pkg.Type#method', found '" + target
            + "'");
      }
      typeName = target.substring(0, hash);
      memberName = target.substring(hash + 1);
      if (!METHOD_NAME.matcher(memberName).matches()) {
        throw error("'" + memberName + "' is not a method name (all overloads are meant; write no"
            + " parameter list)");
      }
    } else if (hash >= 0) {
      String article = kind == EntryKind.ANNOTATION ? "an " : "a ";
      throw error(article + kind.keyword() + " entry names a type, not a member: '" + target + "'");
    }
    if (!BINARY_NAME.matcher(typeName).matches()) {
      throw error("'" + typeName + "' is not a fully-qualified type name (package.Type,"
          + " Outer$Inner for nested types)");
    }
    String key = rule + " " + kind.keyword() + " " + target;
    Integer earlier = lineOfTarget.putIfAbsent(key, lineNumber);
    if (earlier != null) {
      throw error("duplicate entry '" + kind.keyword() + " " + target + "' (first at line "
          + earlier + ")");
    }
    entries.add(new CatalogEntry(rule, kind, typeName, memberName, reason, library,
        file + ":" + lineNumber));
  }

  private CatalogFormatException error(String problem) {
    return new CatalogFormatException(file, lineNumber, problem);
  }
}
