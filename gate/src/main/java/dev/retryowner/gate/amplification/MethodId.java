package dev.retryowner.gate.amplification;

import java.util.Arrays;
import java.util.stream.Collectors;
import org.objectweb.asm.Type;

/**
 * A method as bytecode names it.
 *
 * @param owner the binary name of the declaring class ({@code com.acme.Outer$Inner})
 * @param name the method name, {@code <init>} for a constructor
 * @param descriptor the JVM descriptor, e.g. {@code (Ljava/lang/String;)V}
 */
public record MethodId(String owner, String name, String descriptor) {

  /** The method as findings name members: {@code send(com.acme.MailMessage)}. */
  public String member() {
    return name + "(" + Arrays.stream(Type.getArgumentTypes(descriptor))
        .map(Type::getClassName).collect(Collectors.joining(", ")) + ")";
  }

  /**
   * {@code MailApiClient.send}, short enough for a step of a path; a lambda body is named after
   * the method it is written in: {@code OwnerNotifier.send (lambda)}.
   */
  public String shortName() {
    String simple = Hop.simpleName(owner);
    if (isLambdaBody()) {
      String[] parts = name.split("\\$");
      String enclosing = parts.length > 1 ? parts[1] : name;
      return simple + "." + (enclosing.equals("new") ? "new" : enclosing.equals("static")
          ? "<clinit>" : enclosing) + " (lambda)";
    }
    return simple + "." + (name.equals("<init>") ? "new" : name);
  }

  /** True for a method javac made for a lambda body ({@code lambda$send$0}). */
  public boolean isLambdaBody() {
    return name.startsWith("lambda$");
  }
}
