<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>ExplanationView</name>
    <message numerus="yes">
        <source>%n other finding(s)</source>
        <translation>
            <numerusform>%n other finding</numerusform>
            <numerusform>%n other findings</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SystemPage</name>
    <message numerus="yes">
        <source>%n part(s) need your attention: select one to read what to do.</source>
        <translation>
            <numerusform>%n part needs your attention: select it to read what to do.</numerusform>
            <numerusform>%n parts need your attention: select one to read what to do.</numerusform>
        </translation>
    </message>
</context>
</TS>
