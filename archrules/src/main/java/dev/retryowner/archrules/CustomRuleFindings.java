package dev.retryowner.archrules;

import com.tngtech.archunit.core.domain.JavaAccess;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaConstructorCall;
import com.tngtech.archunit.core.domain.JavaConstructorReference;
import com.tngtech.archunit.core.domain.JavaFieldAccess;
import com.tngtech.archunit.core.domain.JavaMember;
import com.tngtech.archunit.core.domain.JavaMethodReference;
import com.tngtech.archunit.core.domain.properties.HasSourceCodeLocation;
import com.tngtech.archunit.lang.EvaluationResult;
import dev.retryowner.archrules.spi.CustomRule;
import dev.retryowner.catalog.Finding;
import dev.retryowner.catalog.Site;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The violations of a team's own ArchUnit rule as {@link Finding}s, so they are reported and
 * baselined like the built-in rules' findings. Each violation becomes one finding, located by the
 * first object ArchUnit says it concerns: an access gives its class, member and line; a member,
 * a class or a dependency gives its class (and member) with the line ArchUnit knows, 0 when it
 * knows none. A violation of nothing locatable is kept too, with no class and no source file.
 * ArchUnit's trailing {@code in (File.java:LINE)} leaves the message, as the reports print the
 * finding's location themselves.
 */
public final class CustomRuleFindings {
  private static final Pattern TRAILING_LOCATION =
      Pattern.compile("\\s+in \\([^()]+\\.java:\\d+\\)$");

  private CustomRuleFindings() {}

  /** Evaluates {@code rule} on {@code classes}; exceptions the rule throws pass through. */
  public static List<Finding> findings(CustomRule rule, JavaClasses classes) {
    EvaluationResult result = rule.rule().evaluate(classes);
    List<Finding> findings = new ArrayList<>();
    result.handleViolations((Collection<Object> objects, String message) ->
        findings.add(finding(rule.name(), objects, message)));
    return List.copyOf(findings);
  }

  private static Finding finding(String rule, Collection<Object> objects, String message) {
    for (Object object : objects) {
      if (object instanceof Finding builtIn) {
        return new Finding(rule, builtIn.className(), builtIn.member(), builtIn.sourcePath(),
            builtIn.line(), builtIn.site(), builtIn.target(), builtIn.message(), builtIn.reason());
      }
      Optional<Finding> located = located(rule, object, message);
      if (located.isPresent()) {
        return located.get();
      }
    }
    return new Finding(rule, "", "", "", 0, Site.DECLARATION, "", message, "");
  }

  private static Optional<Finding> located(String rule, Object object, String message) {
    if (object instanceof JavaAccess<?> access) {
      return Optional.of(finding(rule, access.getOriginOwner(),
          ForbiddenUses.memberName(access.getOrigin()), access.getLineNumber(), siteOf(access),
          ForbiddenUses.display(access.getTargetOwner()), message));
    }
    if (object instanceof JavaMember member) {
      return Optional.of(finding(rule, member.getOwner(), ForbiddenUses.memberName(member),
          member.getSourceCodeLocation().getLineNumber(), Site.DECLARATION, "", message));
    }
    if (object instanceof HasSourceCodeLocation located) {
      return Optional.of(finding(rule, located.getSourceCodeLocation().getSourceClass(), "",
          located.getSourceCodeLocation().getLineNumber(), Site.DECLARATION, "", message));
    }
    return Optional.empty();
  }

  private static Finding finding(String rule, JavaClass type, String member, int line, Site site,
      String target, String message) {
    return new Finding(rule, type.getName(), member, ForbiddenUses.sourcePath(type), line, site,
        target, TRAILING_LOCATION.matcher(message).replaceFirst(""), "");
  }

  private static Site siteOf(JavaAccess<?> access) {
    if (access instanceof JavaConstructorCall) {
      return Site.CONSTRUCTOR_CALL;
    }
    if (access instanceof JavaMethodReference || access instanceof JavaConstructorReference) {
      return Site.METHOD_REFERENCE;
    }
    return access instanceof JavaFieldAccess ? Site.FIELD_ACCESS : Site.CALL;
  }
}
