// The fenced blocks of one README section, in order, as the quick-start ITs paste them into new
// projects: evaluate this file, then call the closure with the README's path, the section's
// heading and the blocks' language. A README without them fails the IT, naming what is missing.
return { String readmePath, String heading, String language ->
  String text = new File(readmePath).getText('UTF-8')
  int at = text.indexOf(heading)
  assert at >= 0 : "README.md has no heading '${heading}'"
  String section = text.substring(at + heading.length())
  int next = section.indexOf('\n## ')
  section = next < 0 ? section : section.substring(0, next)
  def blocks = (section =~ /(?s)```${language}\n(.*?)```/).collect { it[1] }
  assert !blocks.isEmpty() : "README.md has no ${language} block under '${heading}'"
  blocks
}
